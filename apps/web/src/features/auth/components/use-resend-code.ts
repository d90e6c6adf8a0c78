import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { COOLDOWN_SECONDS } from "@tavolo/shared/constants";
import { errorMessage } from "../../../lib/api-client";
import { resendEmailOtp } from "../api/resend-email-otp";
import { codeCooldownName, useCooldown } from "../../../lib/use-cooldown";
import { retryAfterOf, useWaitNotice } from "../../../lib/use-wait-notice";
import { useApiClient } from "../../../lib/api-client-context";

/**
 * A new e-mail code: 60 s apart (or the server's retryAfter), the wait kept across reloads. Asking
 * too early says how long is left ('Devi attendere m:ss ...') instead of calling the server.
 */
export function useResendCode(email: string) {
  const { t } = useTranslation();
  const cooldown = useCooldown(codeCooldownName(email));
  const wait = useWaitNotice();
  const api = useApiClient();

  const mutation = useMutation({
    mutationFn: () => resendEmailOtp(api, { email: email.trim() }),
    onSuccess: () => cooldown.start(COOLDOWN_SECONDS),
    onError: (error) => {
      const retryAfter = retryAfterOf(error);
      if (!retryAfter) return;
      cooldown.start(retryAfter);
      wait.show(retryAfter);
    },
  });

  return {
    request: () => {
      if (cooldown.left > 0) wait.show(cooldown.left);
      else mutation.mutate();
    },
    left: cooldown.left,
    pending: mutation.isPending,
    waitMessage: wait.text,
    sentMessage: mutation.isSuccess ? mutation.data.message || t("verify.resent") : null,
    // A 429 is told by the wait message; anything else by the server's text.
    error:
      mutation.isError && !retryAfterOf(mutation.error) ? errorMessage(mutation.error, t("verify.resendError")) : null,
  };
}
