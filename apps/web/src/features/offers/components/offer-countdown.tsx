import { useTranslation } from "react-i18next";
import { noonUtcOf } from "@tavolo/shared/dates";
import { offerTimeLeft, readDeadline, type DeadlineReading } from "@tavolo/shared/offer-time";
import { Tag } from "../../../components/ui/chip";
import { ClockIcon } from "../../../components/ui/page-icons";
import { dateFormat } from "../../../lib/intl-format";
import { useNow } from "./use-now";
import styles from "./offer-countdown.module.css";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Scade tra 26 min", "… tra 1 h 23 min", "Scade domani alle 12:00" (decision 022). */
export function deadlineText(reading: DeadlineReading, t: Translate, language: string): string {
  switch (reading.kind) {
    case "expired":
      return t("offers.expired");
    case "underMinute":
      return t("offers.endsUnderMinute");
    case "minutes":
      return t("offers.timeLeft", { time: t("offers.minutes", { minutes: reading.minutes }) });
    case "hours":
      return t("offers.timeLeft", {
        time: reading.minutes
          ? t("offers.hoursMinutes", { hours: reading.hours, minutes: reading.minutes })
          : t("offers.hours", { hours: reading.hours }),
      });
    case "tomorrow":
      return t("offers.endsTomorrow", { time: reading.time });
    case "onDate": {
      // The calendar date as written, whatever the browser's zone: noon UTC is that day everywhere.
      const date = dateFormat(language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
        noonUtcOf(reading.date),
      );
      return t("offers.endsOn", { date, time: reading.time });
    }
  }
}

/**
 * Live countdown to an offer's deadline by the browser's clock, with the 'expiring soon' mark
 * under 30 minutes and the 'expired' label once time runs out while the page is open.
 */
export function OfferCountdown({
  expiresAt,
  timeZone,
  compact = false,
}: {
  expiresAt: string;
  /** The restaurant's: "tomorrow" is the restaurant's tomorrow. */
  timeZone: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const left = offerTimeLeft(expiresAt, now);
  if (left.expired) {
    return (
      <p className={styles.row}>
        <Tag>{t("offers.expired")}</Tag>
      </p>
    );
  }
  return (
    <p className={`${styles.row} ${compact ? styles.compact : ""}`}>
      {left.expiring ? <Tag tone="warning">{t("offers.expiringSoon")}</Tag> : null}
      <span className={`${styles.timer} ${left.expiring ? styles.urgent : ""}`} role="timer">
        <ClockIcon size={16} />
        {deadlineText(readDeadline(expiresAt, timeZone, now), t, i18n.resolvedLanguage ?? "it")}
      </span>
    </p>
  );
}
