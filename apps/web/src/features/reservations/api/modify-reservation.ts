import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER } from "@tavolo/shared/constants";
import { reservationResponseSchema, type ModifyReservationRequest } from "@tavolo/shared/reservations";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { invalidateAvailability } from "../../../lib/availability";
import { parseAnswer } from "../../../lib/parse-answer";
import { userReservationsKey } from "./get-user-reservations";

export interface ModifyInput {
  reservationId: string;
  restaurantId: string;
  userId: string;
  change: ModifyReservationRequest;
}

/** POST /client/modifyReservation/:id (decision 025): one move, or a 409 with the booking untouched. */
export async function modifyReservation(
  api: ApiClient,
  reservationId: string,
  change: ModifyReservationRequest,
  idempotencyKey: string,
) {
  const body = await api.post("/client/modifyReservation/:id", {
    params: { id: reservationId },
    body: change,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return parseAnswer(api, reservationResponseSchema, body);
}

export function useModifyReservation() {
  const queryClient = useQueryClient();
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ModifyInput; idempotencyKey: string }) =>
      modifyReservation(api, input.reservationId, input.change, idempotencyKey),
    // Moved or refused (409: someone was faster), the free tables have changed either way.
    onSettled: (_data, _error, { input }) => invalidateAvailability(queryClient, input.restaurantId),
    onSuccess: (_data, { input }) => queryClient.invalidateQueries({ queryKey: userReservationsKey(input.userId) }),
  });
}
