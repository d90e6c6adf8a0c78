import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CODE_LENGTH } from "@tavolo/shared/constants";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CodeField } from "../../../components/ui/code-field";
import { Dialog } from "../../../components/ui/dialog";
import { PasswordField } from "../../../components/ui/password-field";
import { deleteAccount, sendDeletionCode } from "../api/account-data";
import styles from "./privacy-data-card.module.css";
import { useApiClient } from "../../../lib/api-client-context";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * An account without a password (Google) confirms with a code mailed to its address: a token
   * alone must not be enough to delete it (decision 036).
   */
  confirmWith: "password" | "code";
  email: string;
  /** The account is gone: sign out and leave (the route decides where). */
  onDeleted: (message: string) => void;
}

const CONSEQUENCES = ["upcoming", "data", "kept", "final"] as const;

/** Says what a deletion does, asks for the confirmation, and deletes (decisions 021, 036). */
export function DeleteAccountDialog({ open, onOpenChange, confirmWith: expected, email, onDeleted }: Props) {
  const { t } = useTranslation();
  const [confirmation, setConfirmation] = useState("");
  // A Google account that also set a password is confirmed with the password: the server says so.
  const [confirmWith, setConfirmWith] = useState(expected);
  const api = useApiClient();
  const send = useMutation({ mutationFn: () => sendDeletionCode(api) });
  const remove = useMutation({
    mutationFn: () =>
      deleteAccount(api, confirmWith === "password" ? { password: confirmation } : { code: confirmation }),
    onSuccess: (answer) => onDeleted(answer.message),
    onError: (error) => {
      if (error instanceof ApiError && error.code === "delete_password_needed") {
        setConfirmWith("password");
        setConfirmation("");
      }
    },
  });
  const filled = confirmWith === "password" ? confirmation.trim() !== "" : confirmation.length === CODE_LENGTH;

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setConfirmation("");
      setConfirmWith(expected);
      remove.reset();
      send.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (filled && !remove.isPending) remove.mutate();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("privacyData.dialogTitle")}
      description={t("privacyData.dialogLead")}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <ul className={styles.consequences}>
          {CONSEQUENCES.map((item) => (
            <li key={item}>{t(`privacyData.consequences.${item}`)}</li>
          ))}
        </ul>
        {confirmWith === "password" ? (
          <PasswordField
            label={t("privacyData.passwordLabel")}
            autoComplete="current-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            required
          />
        ) : (
          <>
            <p>{t("privacyData.codeLead", { email })}</p>
            <Button
              variant="secondary"
              onClick={() => send.mutate()}
              loading={send.isPending}
              disabled={remove.isPending}
            >
              {send.isSuccess ? t("privacyData.resendCode") : t("privacyData.sendCode")}
            </Button>
            {send.isSuccess ? <Alert tone="success">{send.data.message}</Alert> : null}
            {send.isError ? <Alert>{errorMessage(send.error, t("privacyData.sendCodeError"))}</Alert> : null}
            <CodeField
              label={t("privacyData.codeLabel")}
              hint={t("privacyData.codeHint")}
              value={confirmation}
              onValueChange={setConfirmation}
              required
            />
          </>
        )}
        {remove.isError ? <Alert>{errorMessage(remove.error, t("privacyData.deleteError"))}</Alert> : null}
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={() => close(false)} disabled={remove.isPending}>
            {t("privacyData.keep")}
          </Button>
          <Button type="submit" variant="danger" disabled={!filled} loading={remove.isPending}>
            {t("privacyData.deleteConfirm")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
