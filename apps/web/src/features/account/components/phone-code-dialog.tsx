import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { phoneCodeSchema } from "@tavolo/shared/account";
import { formatPhoneNumber } from "@tavolo/shared/phone";
import { formatSeconds } from "../../../lib/use-cooldown";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { CodeField } from "../../../components/ui/code-field";
import styles from "./settings-forms.module.css";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  phoneNumber: string;
  busy: boolean;
  /** The server's answer to the last code ('Codice non valido', 'Codice scaduto'...). */
  serverError: string | null;
  onSubmit: (code: string) => void;
  /** Seconds before another code may be sent; 0 = now. */
  resendIn: number;
  resending: boolean;
  onResend: () => void;
  waitMessage: string | null;
}

/** The six-digit modal of SPEC §4 ('code requested, modal open, verified'). */
export function PhoneCodeDialog(props: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: exactly six digits, else 'Inserisci un codice valido di 6 cifre.'
    if (!phoneCodeSchema.safeParse(code).success) {
      setError(t("validation.phoneCodeInvalid"));
      return;
    }
    setError(null);
    props.onSubmit(code);
  };

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) {
          setCode("");
          setError(null);
        }
        props.onOpenChange(open);
      }}
      title={t("phone.dialogTitle")}
      description={t("phone.dialogText", { phone: formatPhoneNumber(props.phoneNumber) })}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <CodeField
          label={t("phone.codeLabel")}
          value={code}
          onValueChange={setCode}
          error={error ?? props.serverError ?? undefined}
          hint={t("phone.codeHint")}
          autoFocus
          required
        />
        {props.waitMessage ? <Alert tone="warning">{props.waitMessage}</Alert> : null}
        <div className={styles.actions}>
          <Button type="submit" loading={props.busy} fullWidth>
            {t("phone.confirm")}
          </Button>
          <Button variant="ghost" onClick={props.onResend} loading={props.resending} fullWidth>
            {props.resendIn > 0 ? t("phone.resendIn", { time: formatSeconds(props.resendIn) }) : t("phone.resend")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
