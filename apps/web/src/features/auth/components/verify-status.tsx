import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { Alert } from "../../../components/ui/alert";
import { ButtonLink } from "../../../components/ui/button";
import { AlertIcon, CheckIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { nextOf } from "../session/route-guards";
import { AuthLayout } from "./auth-layout";
import styles from "./forms.module.css";

export function VerifyStatus({
  tone,
  title,
  message,
  showLogin,
  email,
}: {
  tone: "pending" | "success" | "error";
  title: string;
  message?: string;
  showLogin?: boolean;
  /** Kept on the way back to code entry. */
  email?: string;
}) {
  const { t } = useTranslation();
  const next = nextOf(useLocation());
  return (
    <AuthLayout title={title}>
      <span
        className={`${styles.statusIcon} ${tone === "success" ? styles.success : tone === "error" ? styles.error : ""}`}
      >
        {tone === "pending" ? (
          <Spinner size={28} />
        ) : tone === "success" ? (
          <CheckIcon size={30} />
        ) : (
          <AlertIcon size={30} />
        )}
      </span>
      {message ? (
        <Alert tone={tone === "error" ? "error" : tone === "success" ? "success" : "info"}>{message}</Alert>
      ) : null}
      {tone === "pending" ? (
        <p className={`${styles.muted} ${styles.center}`} role="status">
          {t("common.loading")}
        </p>
      ) : null}
      {tone === "error" ? (
        <ButtonLink to={paths.verifyEmail({ email: email || undefined, next })} variant="outline" fullWidth>
          {t("verify.tryCode")}
        </ButtonLink>
      ) : null}
      {tone !== "pending" && (tone === "error" || showLogin) ? (
        <ButtonLink to={paths.login({ next })} fullWidth>
          {t("verify.goToLogin")}
        </ButtonLink>
      ) : null}
    </AuthLayout>
  );
}
