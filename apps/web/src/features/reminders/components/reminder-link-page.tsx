import { useTranslation } from "react-i18next";
import type { ReminderAction } from "@tavolo/shared/reminders";
import { paths } from "../../../config/paths";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { dateFormat } from "../../../lib/intl-format";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { LinkActions, LinkFacts, LinkPage, LinkPageLoading, useLinkToken } from "../../../components/ui/link-page";
import { useAnswerReminder, useReminderLink } from "../api/reminder-link";

/**
 * Where a reminder's "Ci sarò" and "Non riesco a venire" links land (decision 046): the booking,
 * then one button. Opening the page never acts, so a mail scanner following the link cannot cancel.
 */
export function ReminderLinkPage({ action }: { action: ReminderAction }) {
  const { t, i18n } = useTranslation();
  const token = useLinkToken();
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
    if (link.isPending) return <LinkPageLoading />;
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
        <LinkFacts
          facts={[
            { label: t("reminder.restaurant"), value: booking.restaurantName },
            { label: t("reminder.when"), value: t("reminder.at", { day, time: booking.time }) },
            { label: t("reminder.people"), value: booking.people },
          ]}
        />
        {action === "attend" && booking.attending ? <Alert tone="info">{t("reminder.attend.already")}</Alert> : null}
        <p>{t(`reminder.${action}.text`)}</p>
        <LinkActions>
          <Button
            size="lg"
            variant={action === "release" ? "danger" : "primary"}
            onClick={() => answer.mutate(token)}
            loading={answer.isPending}
          >
            {t(`reminder.${action}.button`)}
          </Button>
        </LinkActions>
      </>
    );
  };

  return (
    <LinkPage title={t(`reminder.${action}.title`)} lead={t(`reminder.${action}.lead`)}>
      {body()}
      {answer.isError ? <Alert>{errorMessage(answer.error, t("reminder.answerError"))}</Alert> : null}
    </LinkPage>
  );
}
