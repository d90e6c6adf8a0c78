import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { changePasswordFormSchema, type ChangePasswordForm } from "@tavolo/shared/account";
import { MIN_SETTINGS_PASSWORD_LENGTH } from "@tavolo/shared/constants";
import { errorMessage } from "../../../lib/api-client";
import { useTimedNotice } from "../../../lib/use-timed-notice";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PasswordField } from "../../../components/ui/password-field";
import { PasswordStrength } from "../../../components/ui/password-strength";
import { changePassword } from "../api/change-password";
import styles from "./settings-forms.module.css";
import { useApiClient } from "../../../lib/api-client-context";

const EMPTY: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };
const DONE_NOTICE_MS = 5_000;

/**
 * Real password change (DESIGN §1, SPEC §5): current password, a new one of 8+ characters meeting
 * the five rules, and its confirmation. The server checks the current one and signs out the
 * other sessions.
 */
interface Props {
  /** Told after the server accepted the new password (the native app forgets its biometric sign-in). */
  onChanged?: () => void;
}

export function PasswordChangeForm({ onChanged }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ChangePasswordForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof ChangePasswordForm, string>>>({});
  const [done, setDone] = useTimedNotice<string>(DONE_NOTICE_MS);
  const api = useApiClient();
  const change = useMutation({
    mutationFn: () => changePassword(api, { currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: (result) => {
      setValues(EMPTY);
      setDone(result.message || t("passwordChange.done"));
      onChanged?.();
    },
  });

  const set = (field: keyof ChangePasswordForm) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.reset();
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ChangePasswordForm;
        next[field] ??= t(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    change.mutate();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t("passwordChange.title")}>
      <PasswordField
        label={t("passwordChange.current")}
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set("currentPassword")}
        error={
          errors.currentPassword ?? (change.isError ? errorMessage(change.error, t("passwordChange.error")) : undefined)
        }
        required
      />
      <PasswordField
        label={t("passwordChange.new")}
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set("newPassword")}
        error={errors.newPassword}
        required
      />
      <PasswordStrength password={values.newPassword} minLength={MIN_SETTINGS_PASSWORD_LENGTH} list="missing" />
      <PasswordField
        label={t("passwordChange.confirm")}
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
        error={errors.confirmPassword}
        required
      />
      {done ? <Alert tone="success">{done}</Alert> : null}
      <div className={styles.submitRow}>
        <Button type="submit" variant="outline" loading={change.isPending} disabled={change.isPending}>
          {t("passwordChange.submit")}
        </Button>
      </div>
    </form>
  );
}
