import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { formatSeconds } from "../../../lib/use-cooldown";
import { useResendCode } from "./use-resend-code";

/** The resend button of both code screens, with what it has to say (sent, wait, failed). */
export function ResendCode({ email, label, variant }: { email: string; label: string; variant: "outline" | "ghost" }) {
  const { t } = useTranslation();
  const resend = useResendCode(email);
  return (
    <>
      {resend.waitMessage ? <Alert tone="warning">{resend.waitMessage}</Alert> : null}
      {resend.sentMessage && !resend.waitMessage ? <Alert tone="success">{resend.sentMessage}</Alert> : null}
      {resend.error ? <Alert>{resend.error}</Alert> : null}
      <Button variant={variant} fullWidth disabled={!email.trim()} loading={resend.pending} onClick={resend.request}>
        {resend.left > 0 ? t("verify.resendIn", { time: formatSeconds(resend.left) }) : label}
      </Button>
    </>
  );
}
