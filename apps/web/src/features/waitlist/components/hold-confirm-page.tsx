import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { LinkActions, LinkFacts, LinkPage, LinkPageLoading, useLinkToken } from "../../../components/ui/link-page";
import { useConfirmHoldByLink, useHoldByLink } from "../api/waitlist-api";
import { clockLabel, dayLabel } from "./waitlist-dates";

/** A link that can no longer confirm: spent, expired, or naming nothing (decision 035). */
const isGone = (error: unknown) => error instanceof ApiError && [404, 409, 410].includes(error.status);

/**
 * Where the hold mail's link lands (/hold/confirm?token=…): what is held (read by the token), then
 * one tap confirms. Opening the page never acts, so a mail scanner cannot confirm for the diner; a
 * spent or expired link shows that, never the button (decision 040). No session needed.
 */
export function HoldConfirmPage() {
  const { t, i18n } = useTranslation();
  const token = useLinkToken();
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
    if (hold.isPending) return <LinkPageLoading />;
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
        <LinkFacts
          facts={[
            { label: t("waitlist.confirmPage.restaurant"), value: held.restaurantName },
            {
              label: t("waitlist.confirmPage.when"),
              value: t("waitlist.confirmPage.at", { day: dayLabel(held.date, i18n.language), time: held.time }),
            },
            { label: t("waitlist.confirmPage.people"), value: held.people },
            { label: t("waitlist.confirmPage.deadline"), value: clockLabel(held.expiresAt, i18n.language) },
          ]}
        />
        <LinkActions>
          <Button size="lg" onClick={() => confirm.mutate(token)} loading={confirm.isPending}>
            {t("waitlist.confirmPage.button")}
          </Button>
        </LinkActions>
        {confirm.isError ? <Alert>{errorMessage(confirm.error, t("waitlist.hold.error"))}</Alert> : null}
      </>
    );
  };

  return (
    // "One tap and the table is yours" only while the tap can still do it.
    <LinkPage
      title={t("waitlist.confirmPage.title")}
      lead={hold.isSuccess && !confirm.isSuccess ? t("waitlist.confirmPage.lead") : undefined}
    >
      {body()}
    </LinkPage>
  );
}
