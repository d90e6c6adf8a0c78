import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { ReminderAction } from "@tavolo/shared/reminders";
import { paths } from "../../../config/paths";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { dateFormat } from "../../../lib/intl-format";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/spinner";
import { Page } from "../../../components/ui/page";
import { useAnswerReminder, useReminderLink } from "../api/reminder-link";
import styles from "./reminder-link.module.css";

/**
 * Where a reminder's "Ci sarò" and "Non riesco a venire" links land (decision 046): the booking,
 * then one button. Opening the page never acts, so a mail scanner following the link cannot cancel.
 */
export function ReminderLinkPage({ action }: { action: ReminderAction }) {
  const { t, i18n } = useTranslation();
  const title = t(`reminder.${action}.title`);
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const link = useReminderLink(token);
  const answer = useAnswerReminder(action);

  const body = () => {
    if (!token) return <Alert>{t("reminder.missing")}</Alert>;
    if (answer.isSuccess) {
      return (
        <Alert tone="success">
          <p>{answer.data.message}</p>
          <p>
            <ButtonLink to={action === "release" ? paths.search() : paths.history()} variant="outline" size="sm">
              {action === "release" ? t("reminder.release.next") : t("reminder.history")}
            </ButtonLink>
          </p>
        </Alert>
      );
    }
    if (link.isPending) {
      return (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            {t("common.loading")}
          </span>
          <Skeleton height={120} />
        </div>
      );
    }
    if (link.isError) {
      const spent = link.error instanceof ApiError && link.error.status === 410;
      return <Alert>{spent ? t("reminder.spent") : errorMessage(link.error, t("reminder.loadError"))}</Alert>;
    }
    const booking = link.data;
    const day = dateFormat(i18n.language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
      new Date(`${booking.date}T12:00:00Z`),
    );
    return (
      <>
        <dl className={styles.facts}>
          <dt>{t("reminder.restaurant")}</dt>
          <dd>{booking.restaurantName}</dd>
          <dt>{t("reminder.when")}</dt>
          <dd>{t("reminder.at", { day, time: booking.time })}</dd>
          <dt>{t("reminder.people")}</dt>
          <dd>{booking.people}</dd>
        </dl>
        {action === "attend" && booking.attending ? <Alert tone="info">{t("reminder.attend.already")}</Alert> : null}
        <p>{t(`reminder.${action}.text`)}</p>
        <div className={styles.actions}>
          <Button
            size="lg"
            variant={action === "release" ? "danger" : "primary"}
            onClick={() => answer.mutate(token)}
            loading={answer.isPending}
          >
            {t(`reminder.${action}.button`)}
          </Button>
        </div>
      </>
    );
  };

  return (
    <Page title={title} lead={t(`reminder.${action}.lead`)}>
      <div className={styles.box}>
        {body()}
        {answer.isError ? <Alert>{errorMessage(answer.error, t("reminder.answerError"))}</Alert> : null}
      </div>
    </Page>
  );
}
