import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { CalendarIcon, ClockIcon, TableIcon, UsersIcon } from "../../../components/ui/icons";
import type { Reservation } from "../api/get-user-reservations";
import { StatusTag } from "./status-tag";
import styles from "./reservation-card.module.css";

export function formatReservationDate(date: string, language: string): string {
  const parsed = new Date(`${date}T12:00:00`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "long", year: "numeric" }).format(
    parsed,
  );
}

export function ReservationCard({ reservation }: { reservation: Reservation }) {
  const { t, i18n } = useTranslation();
  return (
    <article className={styles.card}>
      {reservation.restaurantImage ? (
        <img
          src={reservation.restaurantImage}
          alt=""
          width={640}
          height={400}
          loading="lazy"
          className={styles.image}
        />
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
          <StatusTag status={reservation.status} />
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
      </div>
    </article>
  );
}
