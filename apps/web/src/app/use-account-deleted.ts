import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "../config/paths";
import { forgetBiometricSignIn } from "../features/auth/session/biometric-sign-in";
import { useSession } from "../features/auth/session/session-context";
import type { RouteNoticeState } from "./route-notice";

/**
 * After an account deletion (decision 021): the diner lands on home with the server's confirmation
 * as a notice, the device forgets its biometric sign-in (the native app's secure store; nothing on
 * the web), and the session ends here. Home first: signing out on a protected page makes its guard
 * send the visitor home itself, without the notice.
 */
export function useAccountDeleted(): (message: string) => Promise<void> {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (message: string) => {
      const state: RouteNoticeState = { notice: message };
      await navigate(paths.home(), { state, replace: true });
      await forgetBiometricSignIn().catch((error: unknown) => console.warn("biometric sign-in not cleared", error));
      await signOut();
    },
    [signOut, navigate],
  );
}
