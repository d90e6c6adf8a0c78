import { useTranslation } from "react-i18next";
import { offerTimeLeft } from "@tavolo/shared/offer-time";
import { Tag } from "../../../components/ui/chip";
import { ClockIcon } from "../../../components/ui/icons";
import { useNow } from "./use-now";
import styles from "./offer-countdown.module.css";

const pad = (value: number) => String(value).padStart(2, "0");

/** "1 h 05 min" while there is time; "12:34" (minutes and seconds) in the last hour. */
export function formatTimeLeft(ms: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  const totalSeconds = Math.ceil(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  if (hours > 0) return t("offers.hoursMinutes", { hours, minutes: pad(minutes) });
  return `${pad(minutes)}:${pad(totalSeconds % 60)}`;
}

/**
 * Live countdown to an offer's deadline by the browser's clock, with the 'expiring soon' mark
 * under 30 minutes and the 'expired' label once time runs out while the page is open.
 */
export function OfferCountdown({ expiresAt, compact = false }: { expiresAt: string; compact?: boolean }) {
  const { t } = useTranslation();
  const left = offerTimeLeft(expiresAt, useNow());
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
        {t("offers.timeLeft", { time: formatTimeLeft(left.ms, t) })}
      </span>
    </p>
  );
}
