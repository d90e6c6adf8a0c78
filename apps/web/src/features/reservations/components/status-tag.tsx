import { useTranslation } from "react-i18next";
import type { ReservationStatus } from "@tavolo/shared/reservations";
import styles from "./status-tag.module.css";

/** Each status its own label and colour (SPEC §2), so a list reads at a glance. */
export function StatusTag({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.tag} ${styles[status]}`} data-status={status}>
      <span className={styles.dot} aria-hidden="true" />
      {t(`status.${status}`)}
    </span>
  );
}
