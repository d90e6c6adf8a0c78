import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { COOLDOWN_SECONDS } from "@tavolo/shared/constants";
import { paths } from "../../../config/paths";
import { errorMessage } from "../../../lib/api-client";
import { formatSeconds, useCooldown } from "../../../lib/use-cooldown";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { MailIcon } from "../../../components/ui/icons";
import { Card, Page } from "../../../components/ui/page";
import { requestEmailChange } from "../api/request-email-change";
import { emailChangeCooldownName } from "./email-change-form";
import { retryAfterOf, useWaitNotice } from "../../../lib/use-wait-notice";
import styles from "./email-change-sent-page.module.css";
import { useApiClient } from "../../../lib/api-client-context";

/**
 * /email-verification after an e-mail change (SPEC §2): the link went to the new address; resend
 * it (same 60 s cooldown as the settings form) or continue. The link itself finishes the change
 * and signs in through the verification result screen.
 */
export function EmailChangeSentPage({ email, userId }: { email: string; userId: string | null }) {
  const { t } = useTranslation();
  useDocumentTitle(t("emailChange.sentTitle"));
  const cooldown = useCooldown(emailChangeCooldownName(userId ?? "anonymous"));
  const wait = useWaitNotice();
  const api = useApiClient();
  const resend = useMutation({
    mutationFn: () => requestEmailChange(api, email),
    onSuccess: () => cooldown.start(COOLDOWN_SECONDS),
    onError: (error) => {
      const retryAfter = retryAfterOf(error);
      if (retryAfter) {
        cooldown.start(retryAfter);
        wait.show(retryAfter);
      }
    },
  });
  const error =
    resend.isError && !retryAfterOf(resend.error) ? errorMessage(resend.error, t("apiErrors.emailChangeFailed")) : null;

  return (
    <Page title={t("emailChange.sentTitle")} icon={<MailIcon size={24} />} width="sm">
      <Card>
        <div className={styles.body}>
          <p>{email ? t("emailChange.sentText", { email }) : t("emailChange.sentTextNoEmail")}</p>
          <p className={styles.muted}>{t("emailChange.sentHelp")}</p>
          {wait.text ? <Alert tone="warning">{wait.text}</Alert> : null}
          {resend.isSuccess && !wait.text ? <Alert tone="success">{t("emailChange.resent")}</Alert> : null}
          {error ? <Alert>{error}</Alert> : null}
          <div className={styles.actions}>
            <ButtonLink to={paths.settings()} size="lg" fullWidth>
              {t("emailChange.continue")}
            </ButtonLink>
            {userId && email ? (
              <Button
                variant="outline"
                fullWidth
                loading={resend.isPending}
                onClick={() => (cooldown.left > 0 ? wait.show(cooldown.left) : resend.mutate())}
              >
                {cooldown.left > 0
                  ? t("emailChange.resendIn", { time: formatSeconds(cooldown.left) })
                  : t("emailChange.resend")}
              </Button>
            ) : null}
          </div>
        </div>
      </Card>
    </Page>
  );
}
