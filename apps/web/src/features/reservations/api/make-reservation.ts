import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER } from "@tavolo/shared/constants";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import { apiClient, clientPath } from "../../../lib/api-client";
import { availabilityKey } from "./get-seating-availability";
import { userReservationsKey } from "./get-user-reservations";

/** The payload of SPEC §7. */
export interface MakeReservationInput {
  userId: string;
  restaurantId: string;
  date: string;
  time: string;
  numberOfPeople: number;
  tableId: string;
  specialRequests: string;
}

/** POST /client/makeReservation (SPEC §7). The key makes a retry of the same attempt safe (decision 007). */
export function makeReservation(input: MakeReservationInput, idempotencyKey: string) {
  return apiClient.post<ReservationResponse>(clientPath("/makeReservation"), input, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useMakeReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: MakeReservationInput; idempotencyKey: string }) =>
      makeReservation(input, idempotencyKey),
    // Booked or refused (409: someone was faster), the free tables have changed either way.
    onSettled: (_data, _error, { input }) =>
      queryClient.invalidateQueries({ queryKey: availabilityKey(input.restaurantId) }),
    onSuccess: (_data, { input }) => queryClient.invalidateQueries({ queryKey: userReservationsKey(input.userId) }),
  });
}
