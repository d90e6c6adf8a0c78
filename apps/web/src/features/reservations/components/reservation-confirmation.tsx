import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import { paths } from "../../../config/paths";
import { CheckIcon } from "../../../components/ui/icons";
import { formatReservationDate } from "./reservation-card";
import styles from "./reservation-confirmation.module.css";

/** What the diner just booked, shown for the two seconds before the history (SPEC §4). */
export function ReservationConfirmation({ response }: { response: ReservationResponse }) {
  const { t, i18n } = useTranslation();
  const { reservation } = response;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: move it to the news, which screen readers then read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.panel} aria-labelledby="reservation-confirmed">
      <span className={styles.icon}>
        <CheckIcon size={28} />
      </span>
      <h2 id="reservation-confirmed" ref={heading} tabIndex={-1} className={styles.title}>
        {response.message || t("reservation.successTitle")}
      </h2>
      <dl className={styles.summary}>
        <div>
          <dt>{t("reservation.restaurant")}</dt>
          <dd>{reservation.restaurantName}</dd>
        </div>
        <div>
          <dt>{t("reservation.date")}</dt>
          <dd>{formatReservationDate(reservation.date, i18n.resolvedLanguage ?? "it")}</dd>
        </div>
        <div>
          <dt>{t("reservation.time")}</dt>
          <dd>{reservation.time}</dd>
        </div>
        <div>
          <dt>{t("reservation.people")}</dt>
          <dd>{t("history.people", { count: reservation.numberOfPeople })}</dd>
        </div>
        {reservation.tableNumber !== null ? (
          <div>
            <dt>{t("reservation.table")}</dt>
            <dd>{t("history.table", { number: reservation.tableNumber })}</dd>
          </div>
        ) : null}
        {reservation.specialRequests ? (
          <div className={styles.wide}>
            <dt>{t("reservation.specialRequests")}</dt>
            <dd className={styles.requests}>{reservation.specialRequests}</dd>
          </div>
        ) : null}
      </dl>
      <p className={styles.redirect} role="status">
        {t("reservation.redirecting")} <Link to={paths.history()}>{t("reservation.goToHistory")}</Link>
      </p>
    </section>
  );
}
