import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RegisterCityInterestRequest } from "@tavolo/shared/offers";
import { apiClient } from "../../../lib/api-client";
import { CITY_INTERESTS_KEY } from "./city-interests";

export function useRegisterCityInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterCityInterestRequest) =>
      apiClient.post("/client/registerCityAvailabilityInterest", { body }),
    // The notifications page lists the alerts: a new one shows there without a reload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CITY_INTERESTS_KEY }),
  });
}
