import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { emailCodeSchema } from "@tavolo/shared/validation";
import { paths } from "../../../config/paths";
import { Button, ButtonLink } from "../../../components/ui/button";
import { CodeField } from "../../../components/ui/code-field";
import { EmailField } from "./email-field";
import { ResendCode } from "./resend-code";
import styles from "./forms.module.css";

interface Props {
  /** The address from the link; without one the form asks for it. */
  knownEmail: string;
  busy: boolean;
  /** The server's answer to the last code, shown under the field. */
  serverError: string | null;
  onSubmit: (email: string, code: string) => void;
}

/** Six digits, numbers only (SPEC §5), for the address in the query or typed here. */
export function OtpForm({ knownEmail, busy, serverError, onSubmit }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(knownEmail);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      email: email.trim() ? undefined : t("validation.emailNotSpecified"),
      code: emailCodeSchema.safeParse(code).success ? undefined : t("validation.codeIncomplete"),
    };
    setErrors(next);
    if (!next.email && !next.code) onSubmit(email.trim(), code);
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      {knownEmail ? null : (
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
      )}
      <CodeField
        label={t("verify.codeLabel")}
        value={code}
        onValueChange={setCode}
        error={errors.code ?? serverError ?? undefined}
        hint={t("verify.codeHint")}
        required
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {t("verify.continue")}
        </Button>
        <ResendCode email={email} label={t("verify.resend")} variant="ghost" />
      </div>
      <ButtonLink to={paths.home()} variant="ghost" size="sm">
        {t("common.backToHome")}
      </ButtonLink>
    </form>
  );
}
