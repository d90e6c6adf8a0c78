import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, clientPath } from "../../../lib/api-client";

export interface MakeReservationInput {
  userId: string;
  restaurantId: string;
  date: string;
  time: string;
  numberOfPeople: number;
  tableId: string;
  specialRequests: string;
}

export function makeReservation(input: MakeReservationInput) {
  return apiClient.post<{ success: true; reservation?: unknown }>(clientPath("/makeReservation"), input);
}

export function useMakeReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeReservation,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: ["reservations", "user", input.userId] }),
  });
}
