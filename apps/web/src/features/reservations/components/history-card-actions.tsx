import { useTranslation } from "react-i18next";
import type { Reservation } from "@tavolo/shared/reservations";
import { paths } from "../../../config/paths";
import { Button, ButtonLink } from "../../../components/ui/button";
import { isMovable } from "./use-moving-reservation";

/**
 * Modifica and Cancella on an upcoming booking. Offline nothing is booked or changed (decision
 * 046): the buttons stay where the diner expects them, disabled, and `offlineNoteId` names the
 * notice that says why.
 */
export function HistoryCardActions({
  reservation,
  offlineNoteId,
  onCancel,
}: {
  reservation: Reservation;
  offlineNoteId: string | null;
  onCancel: (reservation: Reservation) => void;
}) {
  const { t } = useTranslation();
  const labels = { name: reservation.restaurantName, time: reservation.time };
  const offline = offlineNoteId !== null;
  return (
    <>
      {!isMovable(reservation) ? null : offline ? (
        <Button
          variant="outline"
          size="sm"
          disabled
          aria-label={t("move.modifyFor", labels)}
          aria-describedby={offlineNoteId}
        >
          {t("move.modify")}
        </Button>
      ) : (
        <ButtonLink
          to={paths.reservation(reservation.restaurantId, { modify: reservation.id })}
          variant="outline"
          size="sm"
          aria-label={t("move.modifyFor", labels)}
        >
          {t("move.modify")}
        </ButtonLink>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={offline}
        aria-describedby={offlineNoteId ?? undefined}
        onClick={() => onCancel(reservation)}
        aria-label={t("history.cancelFor", labels)}
      >
        {t("history.cancel")}
      </Button>
    </>
  );
}
