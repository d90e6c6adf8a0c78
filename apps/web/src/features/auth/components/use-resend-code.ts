import { useEffect, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { COOLDOWN_SECONDS } from "@tavolo/shared/constants";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { resendEmailOtp } from "../api/resend-email-otp";
import { codeCooldownName, formatSeconds, useCooldown } from "../../../lib/use-cooldown";

/** SPEC §8: the wait message stays up for 5 s. */
export const WAIT_NOTICE_MS = 5_000;

const retryAfterOf = (error: unknown): number | undefined => {
  const value = error instanceof ApiError ? (error.body as { retryAfter?: unknown } | null)?.retryAfter : undefined;
  return typeof value === "number" && value > 0 ? Math.ceil(value) : undefined;
};

/**
 * A new e-mail code: 60 s apart (or the server's retryAfter), the wait kept across reloads. Asking
 * too early says how long is left ('Devi attendere m:ss ...') instead of calling the server.
 */
export function useResendCode(email: string) {
  const { t } = useTranslation();
  const cooldown = useCooldown(codeCooldownName(email));
  const [wait, setWait] = useState<{ text: string } | null>(null);
  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(() => setWait(null), WAIT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [wait]);
  const showWait = (seconds: number) => setWait({ text: t("verify.wait", { time: formatSeconds(seconds) }) });

  const mutation = useMutation({
    mutationFn: () => resendEmailOtp({ email: email.trim() }),
    onSuccess: () => cooldown.start(COOLDOWN_SECONDS),
    onError: (error) => {
      const retryAfter = retryAfterOf(error);
      if (!retryAfter) return;
      cooldown.start(retryAfter);
      showWait(retryAfter);
    },
  });

  return {
    request: () => {
      if (cooldown.left > 0) showWait(cooldown.left);
      else mutation.mutate();
    },
    left: cooldown.left,
    pending: mutation.isPending,
    waitMessage: wait?.text ?? null,
    sentMessage: mutation.isSuccess ? mutation.data.message || t("verify.resent") : null,
    // A 429 is told by the wait message; anything else by the server's text.
    error:
      mutation.isError && !retryAfterOf(mutation.error) ? errorMessage(mutation.error, t("verify.resendError")) : null,
  };
}
