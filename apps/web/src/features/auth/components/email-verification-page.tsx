import { useLocation, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ButtonLink } from "../../../components/ui/button";
import { MailIcon } from "../../../components/ui/icons";
import { nextOf } from "../session/route-guards";
import { AuthLayout } from "./auth-layout";
import { ResendCode } from "./resend-code";
import styles from "./forms.module.css";

/** After registering: check your inbox, ask for another code, continue to code entry. */
export function EmailVerificationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("emailVerification.title"));
  const [params] = useSearchParams();
  const email = params.get("email") ?? "";
  // Registered mid-booking: code entry, and then the booking, keep the way back (decision 038).
  const next = nextOf(useLocation());
  return (
    <AuthLayout
      title={t("emailVerification.title")}
      subtitle={email ? t("emailVerification.textEmail", { email }) : t("emailVerification.text")}
    >
      <span className={styles.statusIcon}>
        <MailIcon size={30} />
      </span>
      <p className={`${styles.muted} ${styles.center}`}>{t("emailVerification.help")}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.verifyEmail({ email: email || undefined, next })} size="lg" fullWidth>
          {t("emailVerification.continue")}
        </ButtonLink>
        <ResendCode email={email} label={t("emailVerification.resend")} variant="outline" />
      </div>
    </AuthLayout>
  );
}
