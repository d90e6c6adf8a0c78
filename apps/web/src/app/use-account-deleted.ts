import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "../config/paths";
import { forgetBiometricSignIn } from "../features/auth/session/biometric-sign-in";
import { useSession } from "../features/auth/session/session-context";
import { showNoticeOnNextPage } from "./route-notice";
import { useApiClient } from "../lib/api-client-context";

/**
 * After an account deletion (decision 021): the diner lands on home with the server's confirmation
 * as a notice, the device forgets its biometric sign-in (the native app's secure store; nothing on
 * the web), and the session ends here.
 */
export function useAccountDeleted(): (message: string) => Promise<void> {
  const { signOut } = useSession();
  const api = useApiClient();
  const navigate = useNavigate();
  return useCallback(
    async (message: string) => {
      showNoticeOnNextPage(message);
      await navigate(paths.home(), { replace: true });
      await forgetBiometricSignIn(api).catch((error: unknown) => console.warn("biometric sign-in not cleared", error));
      await signOut();
    },
    [api, signOut, navigate],
  );
}
