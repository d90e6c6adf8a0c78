import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER } from "@tavolo/shared/constants";
import type { RouteBody } from "@tavolo/shared/api-routes";
import { reservationResponseSchema } from "@tavolo/shared/reservations";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { parseAnswer } from "../../../lib/parse-answer";
import { invalidateAvailability } from "../../../lib/availability";
import { userReservationsKey } from "./get-user-reservations";

/** The payload of SPEC §7 as the form sends it: always for the signed-in diner, named. */
type Booking = RouteBody<"POST /client/makeReservation"> & { userId: string };

/** POST /client/makeReservation (SPEC §7). The key makes a retry of the same attempt safe (decision 007). */
export async function makeReservation(api: ApiClient, input: Booking, idempotencyKey: string) {
  const body = await api.post("/client/makeReservation", {
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return parseAnswer(api, reservationResponseSchema, body);
}

export function useMakeReservation() {
  const queryClient = useQueryClient();
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: Booking; idempotencyKey: string }) =>
      makeReservation(api, input, idempotencyKey),
    // Booked or refused (409: someone was faster), the free tables have changed either way. Neither
    // re-read is awaited: a returned promise would hold the confirmation back for another round
    // trip, on a slow phone the longest wait after the tap (decision 059).
    onSettled: (_data, _error, { input }) => void invalidateAvailability(queryClient, input.restaurantId),
    onSuccess: (_data, { input }) =>
      void queryClient.invalidateQueries({ queryKey: userReservationsKey(input.userId) }),
  });
}
