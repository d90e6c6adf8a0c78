import { useQuery } from "@tanstack/react-query";
import type { CitiesResponse } from "@tavolo/shared/restaurants";
import { apiClient, clientPath } from "../../../lib/api-client";
import { useLocalizedKey } from "../../../lib/localized-query-key";

export type CityWithCount = CitiesResponse["cities"][number];

export function getAllCities(signal?: AbortSignal) {
  return apiClient.get<CitiesResponse>(clientPath("/getAllAvailableCities"), { signal });
}

/** The city list changes with seed/import only: cache it for the session. */
export function useAllCities() {
  return useQuery({
    queryKey: useLocalizedKey(["cities"]),
    queryFn: ({ signal }) => getAllCities(signal),
    select: (response) => response.cities,
    staleTime: 60 * 60 * 1000,
    gcTime: 60 * 60 * 1000,
  });
}

export function cityLabel(city: CityWithCount, language: string): string {
  return (language === "en" ? city.nameEn : city.nameIt) || city.name;
}
