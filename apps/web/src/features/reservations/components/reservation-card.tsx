import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { Tag } from "../../../components/ui/chip";
import { CalendarIcon } from "../../../components/ui/icons";
import { ClockIcon, TableIcon, UsersIcon } from "../../../components/ui/page-icons";
import type { Reservation } from "@tavolo/shared/reservations";
import { StatusTag } from "./status-tag";
import styles from "./reservation-card.module.css";
import { dateFormat } from "../../../lib/intl-format";
import { minutesOfDay, timeOfDay } from "@tavolo/shared/dates";

const MINUTES_PER_DAY = 24 * 60;

/**
 * A Last Minute booking's arrival window, as its confirmation said it ("between 20:00 and 22:00"):
 * that screen moves on after 2 s (SPEC §4), so the booking keeps the instructions here.
 */
function offerArrival(reservation: Reservation): { start: string; end: string } | null {
  if (reservation.kind !== "lastMinute") return null;
  if (reservation.status !== "confirmed" && reservation.status !== "pending") return null;
  const minutes = Math.round((Date.parse(reservation.endsAt) - Date.parse(reservation.startsAt)) / 60_000);
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  const end = (minutesOfDay(reservation.time) + minutes) % MINUTES_PER_DAY;
  return { start: reservation.time, end: timeOfDay(end) };
}

/** A calendar date ("YYYY-MM-DD") in words; noon keeps it on the same day in every zone. */
export function formatReservationDate(date: string, language: string): string {
  const parsed = new Date(`${date}T12:00:00`);
  if (Number.isNaN(parsed.getTime())) return date;
  return dateFormat(language, { weekday: "short", day: "numeric", month: "long", year: "numeric" }).format(parsed);
}

export function ReservationCard({ reservation, action }: { reservation: Reservation; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const arrival = offerArrival(reservation);
  return (
    <article className={[styles.card, styles[reservation.status]].join(" ")}>
      {reservation.restaurant.imageUrl ? (
        // The picture fills the card's height, whatever the text needs, and never sets it.
        <div className={styles.media}>
          <img src={reservation.restaurant.imageUrl} alt="" width={640} height={400} loading="lazy" />
        </div>
      ) : null}
      <div className={styles.body}>
        <div className={styles.head}>
          <h3 className={styles.name}>
            {reservation.restaurantId ? (
              <Link to={paths.restaurant(reservation.restaurantId)}>{reservation.restaurantName}</Link>
            ) : (
              reservation.restaurantName
            )}
          </h3>
          <span className={styles.tags}>
            {reservation.kind === "lastMinute" ? <Tag tone="brand">{t("offers.badge")}</Tag> : null}
            <StatusTag status={reservation.status} />
            {/* The diner's "Ci sarò" from the reminder, while the booking is still ahead (decision 046). */}
            {reservation.attending && reservation.canCancel ? <Tag tone="success">{t("history.attending")}</Tag> : null}
          </span>
        </div>
        <ul role="list" className={styles.facts}>
          <li>
            <CalendarIcon size={16} /> {formatReservationDate(reservation.date, i18n.resolvedLanguage ?? "it")}
          </li>
          <li>
            <ClockIcon size={16} /> {reservation.time}
          </li>
          <li>
            <UsersIcon size={16} /> {t("history.people", { count: reservation.numberOfPeople })}
          </li>
          {reservation.tableNumber !== null ? (
            <li>
              <TableIcon size={16} /> {t("history.table", { number: reservation.tableNumber })}
            </li>
          ) : null}
        </ul>
        {arrival ? <p className={styles.requests}>{t("history.offerArrival", arrival)}</p> : null}
        {reservation.specialRequests ? (
          // Plain text: whatever a diner typed is never read as markup.
          <p className={styles.requests}>
            <span className="visually-hidden">{t("reservation.specialRequests")}: </span>
            {reservation.specialRequests}
          </p>
        ) : null}
        {action ? <div className={styles.actions}>{action}</div> : null}
      </div>
    </article>
  );
}
