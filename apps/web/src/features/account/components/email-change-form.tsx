import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { newEmailSchema } from "@tavolo/shared/account";
import { COOLDOWN_SECONDS } from "@tavolo/shared/constants";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatSeconds, useCooldown } from "../../../lib/use-cooldown";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { requestEmailChange } from "../api/request-email-change";
import { retryAfterOf, useWaitNotice } from "../../../lib/use-wait-notice";
import styles from "./settings-forms.module.css";
import { useApiClient } from "../../../lib/api-client-context";

export const emailChangeCooldownName = (userId: string) => `email-change:${userId}`;

/** SPEC §8's text for an e-mail change refused without a reason we can name. */
function changeError(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 401) return t("apiErrors.invalidToken");
  return errorMessage(error, t("apiErrors.emailChangeFailed"));
}

/**
 * E-mail change (SPEC §5): the new address must be valid and the 60 s cooldown over; a link goes
 * to it, and the address changes only when the link is followed. `onRequested` moves on to the
 * 'check your inbox' screen.
 */
export function EmailChangeForm({
  userId,
  currentEmail,
  onRequested,
}: {
  userId: string;
  currentEmail: string;
  onRequested: (newEmail: string) => void;
}) {
  const { t } = useTranslation();
  const [newEmail, setNewEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const cooldown = useCooldown(emailChangeCooldownName(userId));
  const wait = useWaitNotice();
  const api = useApiClient();
  const request = useMutation({
    mutationFn: (address: string) => requestEmailChange(api, address),
    onSuccess: (_result, address) => {
      cooldown.start(COOLDOWN_SECONDS);
      onRequested(address);
    },
    onError: (failure) => {
      const retryAfter = retryAfterOf(failure);
      if (retryAfter) {
        cooldown.start(retryAfter);
        wait.show(retryAfter);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.reset();
    const parsed = newEmailSchema.safeParse(newEmail);
    if (!parsed.success) {
      setError(t("validation.newEmailInvalid"));
      return;
    }
    setError(null);
    if (cooldown.left > 0) {
      wait.show(cooldown.left);
      return;
    }
    request.mutate(parsed.data);
  };

  const serverError = request.isError && !retryAfterOf(request.error) ? changeError(request.error, t) : null;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t("emailChange.title")}>
      <p className={styles.current}>
        {t("emailChange.current")} <strong>{currentEmail}</strong>
      </p>
      <TextField
        label={t("emailChange.newEmail")}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
        error={error ?? serverError ?? undefined}
        hint={t("emailChange.hint")}
        maxLength={254}
        required
      />
      {wait.text ? <Alert tone="warning">{wait.text}</Alert> : null}
      <div className={styles.submitRow}>
        <Button type="submit" variant="outline" loading={request.isPending}>
          {cooldown.left > 0
            ? t("emailChange.submitIn", { time: formatSeconds(cooldown.left) })
            : t("emailChange.submit")}
        </Button>
      </div>
    </form>
  );
}
