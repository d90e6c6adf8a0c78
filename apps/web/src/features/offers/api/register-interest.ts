import { useMutation } from "@tanstack/react-query";
import type { RegisterCityInterestRequest } from "@tavolo/shared/offers";
import { apiClient, clientPath } from "../../../lib/api-client";

export interface RegisterInterestResponse {
  success: true;
  message: string;
}

export function useRegisterCityInterest() {
  return useMutation({
    mutationFn: (body: RegisterCityInterestRequest) =>
      apiClient.post<RegisterInterestResponse>(clientPath("/registerCityAvailabilityInterest"), body),
  });
}
