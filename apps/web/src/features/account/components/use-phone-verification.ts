import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "@tavolo/shared/auth";
import { COOLDOWN_SECONDS, PHONE_CODE_TTL_SECONDS } from "@tavolo/shared/constants";
import { storage } from "../../../lib/storage";
import { errorMessage } from "../../../lib/api-client";
import { useCooldown } from "../../../lib/use-cooldown";
import { confirmPhoneVerification, startPhoneVerification } from "../api/verify-phone";
import { retryAfterOf, useWaitNotice } from "../../../lib/use-wait-notice";
import { useApiClient } from "../../../lib/api-client-context";

/** The server keeps one cooldown per account (whatever the number), and so does the browser. */
export const phoneCooldownName = (userId: string) => `phone-code:${userId}`;

/** The number this user's live code went to, kept across reloads (decision 023); null when none. */
export function pendingPhoneCodeNumber(userId: string): string | null {
  const pending = storage.getJson("pendingPhoneCode");
  return pending && pending.userId === userId && pending.expiresAt > Date.now() ? pending.phoneNumber : null;
}

function rememberPendingPhoneCode(userId: string, phoneNumber: string): void {
  storage.setJson("pendingPhoneCode", { userId, phoneNumber, expiresAt: Date.now() + PHONE_CODE_TTL_SECONDS * 1000 });
}

/**
 * Phone verification of SPEC §4: number entered, code requested, modal open, verified. Codes are
 * 60 s apart (or the server's retryAfter), the wait kept across reloads. While a code is good, the
 * number it went to is kept too (a reload included): asking again for that number reopens the code
 * entry, and the wait only holds back the modal's resend. Asking early for another number shows
 * the wait message instead of calling the server.
 */
export function usePhoneVerification(userId: string, onVerified: (user: AuthUser) => void) {
  const { t } = useTranslation();
  const cooldown = useCooldown(phoneCooldownName(userId));
  const wait = useWaitNotice();
  const [dialogOpen, setDialogOpen] = useState(false);
  /** The number the live code went to (this visit or before a reload): the modal can be reopened for it. */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(() => pendingPhoneCodeNumber(userId));
  const api = useApiClient();

  const start = useMutation({
    mutationFn: (phoneNumber: string) => startPhoneVerification(api, userId, phoneNumber),
    onSuccess: (result, phoneNumber) => {
      if (result.alreadyVerified) return;
      cooldown.start(COOLDOWN_SECONDS);
      rememberPendingPhoneCode(userId, phoneNumber);
      setCodeSentTo(phoneNumber);
      setDialogOpen(true);
    },
    onError: (error) => {
      const retryAfter = retryAfterOf(error);
      if (!retryAfter) return;
      cooldown.start(retryAfter);
      wait.show(retryAfter);
    },
  });

  const confirm = useMutation({
    mutationFn: (code: string) => confirmPhoneVerification(api, userId, code),
    onSuccess: (result) => {
      storage.remove("pendingPhoneCode");
      setCodeSentTo(null);
      setDialogOpen(false);
      onVerified(result.user);
    },
  });

  /** "Verify number": the code already sent to this number is still good, so it opens its entry. */
  const request = (phoneNumber: string) => {
    confirm.reset();
    if (codeSentTo === phoneNumber && pendingPhoneCodeNumber(userId) === phoneNumber) {
      wait.clear();
      setDialogOpen(true);
      return;
    }
    resend(phoneNumber);
  };

  /** A new code, unless the cooldown runs: then the wait message. */
  const resend = (phoneNumber: string) => {
    confirm.reset();
    if (cooldown.left > 0) {
      wait.show(cooldown.left);
      return;
    }
    start.mutate(phoneNumber);
  };

  return {
    request,
    requesting: start.isPending,
    /** A refusal of the number itself (format, taken); a 429 is told by the wait message. */
    requestError: start.isError && !retryAfterOf(start.error) ? errorMessage(start.error, t("phone.sendError")) : null,
    resetRequest: () => start.reset(),
    waitMessage: wait.text,
    cooldownLeft: cooldown.left,
    codeSentTo,
    dialog: {
      open: dialogOpen,
      onOpenChange: (open: boolean) => {
        setDialogOpen(open);
        if (!open) confirm.reset();
      },
      busy: confirm.isPending,
      serverError: confirm.isError ? errorMessage(confirm.error, t("phone.confirmError")) : null,
      onSubmit: (code: string) => confirm.mutate(code),
      resendIn: cooldown.left,
      resending: start.isPending,
      waitMessage: wait.text,
      onResend: () => {
        if (codeSentTo) resend(codeSentTo);
      },
    },
    verifiedNow: confirm.isSuccess,
  };
}
