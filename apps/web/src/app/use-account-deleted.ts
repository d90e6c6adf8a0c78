import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "../config/paths";
import { forgetBiometricSignIn } from "../features/auth/session/biometric-sign-in";
import { useSession } from "../features/auth/session/session-context";
import type { RouteNoticeState } from "./route-notice";

/**
 * After an account deletion (decision 021): the device forgets its biometric sign-in first (the
 * native app's secure store; nothing on the web), then the session ends here, and the diner lands
 * on home with the server's confirmation as a notice.
 */
export function useAccountDeleted(): (message: string) => Promise<void> {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (message: string) => {
      await forgetBiometricSignIn().catch((error: unknown) => console.warn("biometric sign-in not cleared", error));
      await signOut();
      const state: RouteNoticeState = { notice: message };
      await navigate(paths.home(), { state, replace: true });
    },
    [signOut, navigate],
  );
}
