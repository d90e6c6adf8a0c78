import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import type { Reservation } from "@tavolo/shared/reservations";
import { formatReservationDate } from "./reservation-card";
import styles from "./cancel-reservation-dialog.module.css";

interface Props {
  /** The booking the diner asked to cancel; null keeps the dialog closed. */
  reservation: Reservation | null;
  onKeep: () => void;
  onConfirm: (reservation: Reservation) => void;
  pending: boolean;
  error: unknown;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Cancelling frees the table (or a Last Minute booking's seats) for someone else and cannot be
 * undone: it is asked for twice.
 */
export function CancelReservationDialog({ reservation, onKeep, onConfirm, pending, error, onCloseAutoFocus }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog
      open={reservation !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onKeep();
      }}
      title={t("history.cancelTitle")}
      description={
        reservation
          ? t(reservation.kind === "lastMinute" ? "history.cancelTextSeats" : "history.cancelText", {
              name: reservation.restaurantName,
              date: formatReservationDate(reservation.date, i18n.resolvedLanguage ?? "it"),
              time: reservation.time,
              count: reservation.numberOfPeople,
            })
          : undefined
      }
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {error ? (
        <div className={styles.error}>
          <Alert>{errorMessage(error, t("history.cancelError"))}</Alert>
        </div>
      ) : null}
      <DialogActions>
        <Button variant="outline" onClick={onKeep} disabled={pending}>
          {t("history.cancelKeep")}
        </Button>
        <Button variant="danger" loading={pending} onClick={() => reservation && onConfirm(reservation)}>
          {t("history.cancelConfirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
