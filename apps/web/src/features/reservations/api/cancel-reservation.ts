import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import { apiClient, clientPath } from "../../../lib/api-client";
import { availabilityKey } from "./get-seating-availability";
import { normalizeReservation, userReservationsKey, type Reservation } from "./get-user-reservations";

/** POST /client/cancelReservation/:id (DESIGN §1): only the owner, only before the seating starts. */
export function cancelReservation(id: string) {
  return apiClient.post<ReservationResponse>(clientPath(`/cancelReservation/${encodeURIComponent(id)}`));
}

export function useCancelReservation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reservation: Reservation) => cancelReservation(reservation.id),
    onSuccess: (response, reservation) => {
      // The answer carries the cancelled booking: show it at once, then re-read the list in the background.
      const updated = normalizeReservation(response.reservation as unknown as Record<string, unknown>);
      queryClient.setQueriesData<Reservation[]>({ queryKey: userReservationsKey(userId) }, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: userReservationsKey(userId) });
      void queryClient.invalidateQueries({ queryKey: availabilityKey(reservation.restaurantId) });
    },
  });
}
