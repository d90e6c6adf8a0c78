import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { paths } from "../../../config/paths";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Page } from "../../../components/ui/page";
import { useConfirmHoldByLink } from "../api/waitlist-api";
import styles from "./waitlist.module.css";

/**
 * Where the hold mail's link lands (/hold/confirm?token=…). One tap confirms: a GET never does, so
 * a mail scanner that opens links cannot confirm for the diner. No session needed.
 */
export function HoldConfirmPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("waitlist.confirmPage.title"));
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmHoldByLink();
  return (
    <Page title={t("waitlist.confirmPage.title")} lead={t("waitlist.confirmPage.lead")}>
      <div className={styles.box}>
        {confirm.isSuccess ? (
          <Alert tone="success">
            <p>{confirm.data.message}</p>
            <p>
              <ButtonLink to={paths.history()} variant="outline" size="sm">
                {t("waitlist.confirmPage.history")}
              </ButtonLink>
            </p>
          </Alert>
        ) : token ? (
          <div className={styles.actions}>
            <Button size="lg" onClick={() => confirm.mutate(token)} loading={confirm.isPending}>
              {t("waitlist.confirmPage.button")}
            </Button>
          </div>
        ) : (
          <Alert>{t("waitlist.confirmPage.missing")}</Alert>
        )}
        {confirm.isError ? <Alert>{errorMessage(confirm.error, t("waitlist.hold.error"))}</Alert> : null}
      </div>
    </Page>
  );
}
