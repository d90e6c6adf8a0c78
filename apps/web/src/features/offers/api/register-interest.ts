import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RegisterCityInterestRequest } from "@tavolo/shared/offers";
import { useApiClient } from "../../../lib/api-client-context";
import { CITY_INTERESTS_KEY } from "./city-interests";

export function useRegisterCityInterest() {
  const queryClient = useQueryClient();
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: RegisterCityInterestRequest) => api.post("/client/registerCityAvailabilityInterest", { body }),
    // The notifications page lists the alerts: a new one shows there without a reload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CITY_INTERESTS_KEY }),
  });
}
