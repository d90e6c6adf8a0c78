import type { Reservation } from "@tavolo/shared/reservations";
import { useUserReservations } from "../api/get-user-reservations";

/** A booking the diner may move: a live table booking whose seating has not started (decision 025). */
export const isMovable = (reservation: Reservation): boolean =>
  reservation.kind === "table" &&
  reservation.canCancel &&
  (reservation.status === "pending" || reservation.status === "confirmed");

/**
 * The booking modify mode works on, from the diner's own list (already cached when they come from
 * /history). `problem`: it failed to load, or it is not theirs / no longer movable.
 */
export function useMovingReservation(userId: string | undefined, restaurantId: string, reservationId: string | null) {
  const list = useUserReservations(reservationId ? userId : undefined);
  // A hand-edited link naming another restaurant is not this booking: a move stays at its restaurant.
  const found = reservationId
    ? list.data?.find((item) => item.id === reservationId && item.restaurantId === restaurantId)
    : undefined;
  const problem: "loadError" | "notModifiable" | null = !reservationId
    ? null
    : list.isError
      ? "loadError"
      : list.data && !(found && isMovable(found))
        ? "notModifiable"
        : null;
  return { reservation: found && isMovable(found) ? found : undefined, problem, refetch: list.refetch };
}
