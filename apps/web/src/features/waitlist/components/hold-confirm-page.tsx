import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { paths } from "../../../config/paths";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Page } from "../../../components/ui/page";
import { Skeleton } from "../../../components/ui/spinner";
import { useConfirmHoldByLink, useHoldByLink } from "../api/waitlist-api";
import { clockLabel, dayLabel } from "./waitlist-dates";
import styles from "./waitlist.module.css";

/** A link that can no longer confirm: spent, expired, or naming nothing (decision 035). */
const isGone = (error: unknown) => error instanceof ApiError && [404, 409, 410].includes(error.status);

/**
 * Where the hold mail's link lands (/hold/confirm?token=…): what is held (read by the token), then
 * one tap confirms. Opening the page never acts, so a mail scanner cannot confirm for the diner; a
 * spent or expired link shows that, never the button (decision 040). No session needed.
 */
export function HoldConfirmPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("waitlist.confirmPage.title"));
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const hold = useHoldByLink(token);
  const confirm = useConfirmHoldByLink();

  const historyLink = (
    <p>
      <ButtonLink to={paths.history()} variant="outline" size="sm">
        {t("waitlist.confirmPage.history")}
      </ButtonLink>
    </p>
  );
  const body = () => {
    if (!token) return <Alert>{t("waitlist.confirmPage.missing")}</Alert>;
    if (confirm.isSuccess) {
      return (
        <Alert tone="success">
          <p>{confirm.data.message}</p>
          {historyLink}
        </Alert>
      );
    }
    if (hold.isPending) {
      return (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            {t("common.loading")}
          </span>
          <Skeleton height={120} />
        </div>
      );
    }
    const failed = hold.isError ? hold.error : isGone(confirm.error) ? confirm.error : null;
    if (failed) {
      return (
        <Alert>
          <p>{errorMessage(failed, t("waitlist.confirmPage.loadError"))}</p>
          {isGone(failed) ? historyLink : null}
        </Alert>
      );
    }
    const held = hold.data!;
    return (
      <>
        <dl className={styles.facts}>
          <dt>{t("waitlist.confirmPage.restaurant")}</dt>
          <dd>{held.restaurantName}</dd>
          <dt>{t("waitlist.confirmPage.when")}</dt>
          <dd>{t("waitlist.confirmPage.at", { day: dayLabel(held.date, i18n.language), time: held.time })}</dd>
          <dt>{t("waitlist.confirmPage.people")}</dt>
          <dd>{held.people}</dd>
          <dt>{t("waitlist.confirmPage.deadline")}</dt>
          <dd>{clockLabel(held.expiresAt, i18n.language)}</dd>
        </dl>
        <div className={styles.actions}>
          <Button size="lg" onClick={() => confirm.mutate(token)} loading={confirm.isPending}>
            {t("waitlist.confirmPage.button")}
          </Button>
        </div>
        {confirm.isError ? <Alert>{errorMessage(confirm.error, t("waitlist.hold.error"))}</Alert> : null}
      </>
    );
  };

  return (
    // "One tap and the table is yours" only while the tap can still do it.
    <Page
      title={t("waitlist.confirmPage.title")}
      lead={hold.isSuccess && !confirm.isSuccess ? t("waitlist.confirmPage.lead") : undefined}
    >
      <div className={styles.box}>{body()}</div>
    </Page>
  );
}
