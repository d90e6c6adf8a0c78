import { useTranslation } from "react-i18next";
import type { Reservation } from "@tavolo/shared/reservations";
import { Alert } from "../../../components/ui/alert";
import { formatReservationDate } from "./reservation-card";

/** Modify mode says which booking is being moved, and that it stands until the move succeeds. */
export function MovingSummary({ reservation }: { reservation: Reservation }) {
  const { t, i18n } = useTranslation();
  return (
    <div style={{ marginBottom: "var(--space-4)" }}>
      <Alert tone="info">
        {t("move.current", {
          date: formatReservationDate(reservation.date, i18n.resolvedLanguage ?? "it"),
          time: reservation.time,
          count: reservation.numberOfPeople,
          table: reservation.tableNumber ?? "",
        })}
      </Alert>
    </div>
  );
}
