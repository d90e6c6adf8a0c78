import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { RESERVATION_REDIRECT_MS } from "@tavolo/shared/constants";
import { paths } from "../../config/paths";
import { CheckIcon } from "./icons";
import styles from "./booking-confirmation.module.css";

export interface BookingFact {
  label: string;
  value: ReactNode;
  /** A whole row, kept as typed (the diner's own notes). */
  wide?: boolean;
}

interface Props {
  title: string;
  facts: BookingFact[];
  /** What the diner does now (arrive on time, where to find the booking). */
  next?: ReactNode;
  /** Called once the notice has been shown for RESERVATION_REDIRECT_MS (SPEC §4: to the history). */
  onDone: () => void;
}

/**
 * What the diner just booked, a table or Last Minute seats alike, shown for the two seconds before
 * the history. It is the booker's answer and depends on nothing but the booking itself: an offer
 * whose last seats were just taken still confirms (decision 022).
 */
export function BookingConfirmation({ title, facts, next, onDone }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: move it to the news, which screen readers then read out.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const timer = setTimeout(onDone, RESERVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <span className={styles.icon}>
        <CheckIcon size={28} />
      </span>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h2>
      <dl className={styles.summary}>
        {facts.map((fact) => (
          <div key={fact.label} className={fact.wide ? styles.wide : undefined}>
            <dt>{fact.label}</dt>
            <dd className={fact.wide ? styles.requests : undefined}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {next ? <p className={styles.next}>{next}</p> : null}
      <p className={styles.redirect} role="status">
        {t("reservation.redirecting")} <Link to={paths.history()}>{t("reservation.goToHistory")}</Link>
      </p>
    </section>
  );
}
