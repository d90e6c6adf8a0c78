import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@tavolo/shared/languages";
import type { CitiesResponse } from "@tavolo/shared/restaurants";
import { apiClient, type ApiClient } from "../../../lib/api-client";
import { localizedKey, useQueryLanguage } from "../../../lib/localized-query-key";

export type CityWithCount = CitiesResponse["cities"][number];

export function getAllCities(signal?: AbortSignal, api: ApiClient = apiClient) {
  return api.get("/client/getAllAvailableCities", { signal });
}

/** The city list changes with seed/import only: cached for the session. Shared with the page loaders. */
export const citiesQuery = (language: Language, api: ApiClient = apiClient) =>
  queryOptions({
    queryKey: localizedKey(["cities"], language),
    queryFn: ({ signal }) => getAllCities(signal, api),
    staleTime: 60 * 60 * 1000,
    gcTime: 60 * 60 * 1000,
  });

export function useAllCities() {
  return useQuery({ ...citiesQuery(useQueryLanguage()), select: (response) => response.cities });
}

export function cityLabel(city: CityWithCount, language: string): string {
  return (language === "en" ? city.nameEn : city.nameIt) || city.name;
}
