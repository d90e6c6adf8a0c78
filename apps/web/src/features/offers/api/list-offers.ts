import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CategoryFilter } from "@tavolo/shared/categories";
import type { LastMinuteListResponse } from "@tavolo/shared/offers";
import type { Language } from "@tavolo/shared/languages";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { localizedKey, useQueryLanguage } from "../../../lib/localized-query-key";

/** Where to look: around the diner's position, or in a city (and optionally its neighbours). */
export type OfferSearch =
  | { mode: "gps"; lat: number; lng: number; radius: number; category: CategoryFilter }
  | { mode: "city"; city: string; includeNearbyCities: boolean; radius: number; category: CategoryFilter };

export function listOffers(
  search: OfferSearch,
  signal: AbortSignal | undefined,
  api: ApiClient,
): Promise<LastMinuteListResponse> {
  if (search.mode === "gps") {
    return api.get("/client/getAvailableLastMinute", {
      // Five decimals are a metre: enough for distances, and no finer trail of where the diner is.
      query: {
        lat: search.lat.toFixed(5),
        lng: search.lng.toFixed(5),
        radius: search.radius,
        category: search.category,
      },
      signal,
    });
  }
  return api.get("/client/getLastMinuteByCity", {
    query: {
      city: search.city,
      includeNearbyCities: search.includeNearbyCities,
      // The radius only matters for the neighbours; leaving it out keeps one cache entry per city.
      radius: search.includeNearbyCities ? search.radius : undefined,
      category: search.category,
    },
    signal,
  });
}

function sameSearchPlace(previous: unknown, next: OfferSearch | null): boolean {
  const before = previous as OfferSearch | null | undefined;
  if (!before || !next || before.mode !== next.mode || before.category !== next.category) return false;
  // Around the diner, the slider moves the radius only; a city search keeps the same city.
  return before.mode === "gps" || (next.mode === "city" && before.city === next.city);
}

export const offerListKey = (search: OfferSearch | null) => ["offers", "list", search] as const;

/** Live offers for a search: the page's query and the server render's loader share it (decision 027). */
export const offerListQuery = (search: OfferSearch | null, language: Language, api: ApiClient) =>
  queryOptions({
    queryKey: localizedKey(offerListKey(search), language),
    queryFn: ({ signal }) => listOffers(search!, signal, api),
    enabled: search !== null,
    staleTime: 20_000,
  });

/** Live offers for a search; refreshed every minute, since seats and deadlines move. */
export function useOfferList(search: OfferSearch | null) {
  return useQuery({
    ...offerListQuery(search, useQueryLanguage(), useApiClient()),
    refetchInterval: 60_000,
    // Moving the radius slider keeps the old cards on screen until the new answer arrives; another
    // city's or cuisine's cards never stand under the new title (offline, they would stay there).
    placeholderData: (previous, previousQuery) =>
      sameSearchPlace(previousQuery?.queryKey[2], search) ? keepPreviousData(previous) : undefined,
  });
}
