import { useMutation, useQueryClient } from "@tanstack/react-query";
import { reservationResponseSchema, type Reservation } from "@tavolo/shared/reservations";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { parseAnswer } from "../../../lib/parse-answer";
import { invalidateAvailability } from "../../../lib/availability";
import { userReservationsKey } from "./get-user-reservations";

/** POST /client/cancelReservation/:id (DESIGN §1): only the owner, only before the seating starts. */
export async function cancelReservation(api: ApiClient, id: string) {
  const body = await api.post("/client/cancelReservation/:id", { params: { id } });
  return parseAnswer(api, reservationResponseSchema, body);
}

export function useCancelReservation(userId: string) {
  const queryClient = useQueryClient();
  const api = useApiClient();
  return useMutation({
    mutationFn: (reservation: Reservation) => cancelReservation(api, reservation.id),
    onSuccess: (response, reservation) => {
      // The answer carries the cancelled booking: show it at once, then re-read the list in the background.
      const updated = response.reservation;
      queryClient.setQueriesData<Reservation[]>({ queryKey: userReservationsKey(userId) }, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: userReservationsKey(userId) });
      void invalidateAvailability(queryClient, reservation.restaurantId);
    },
  });
}
