import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@tavolo/shared/languages";
import type { CitiesResponse } from "@tavolo/shared/restaurants";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { localizedKey, useQueryLanguage } from "../../../lib/localized-query-key";

export type CityWithCount = CitiesResponse["cities"][number];

export function getAllCities(signal: AbortSignal | undefined, api: ApiClient) {
  return api.get("/client/getAllAvailableCities", { signal });
}

/** The city list changes with seed/import only: cached for the session. Shared with the page loaders. */
export const citiesQuery = (language: Language, api: ApiClient) =>
  queryOptions({
    queryKey: localizedKey(["cities"], language),
    queryFn: ({ signal }) => getAllCities(signal, api),
    staleTime: 60 * 60 * 1000,
    gcTime: 60 * 60 * 1000,
  });

export function useAllCities() {
  return useQuery({ ...citiesQuery(useQueryLanguage(), useApiClient()), select: (response) => response.cities });
}

export function cityLabel(city: CityWithCount, language: string): string {
  return (language === "en" ? city.nameEn : city.nameIt) || city.name;
}
