import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { CategoryFilter } from "@tavolo/shared/categories";
import type { Language } from "@tavolo/shared/languages";
import type { SearchRestaurantsResponse } from "@tavolo/shared/restaurants";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { localizedKey, useQueryLanguage } from "../../../lib/localized-query-key";
import { coordinate, SEARCH_PAGE_SIZE } from "./search-restaurants";
import { tableQueryKey, tableQueryParams, type SearchSort, type TableQuery } from "./table-search";

export interface Position {
  lat: number;
  lng: number;
}

export interface NearParams {
  category: CategoryFilter;
  /** How far the list reaches: the page's one radius, the offers' too (decision 055). */
  radiusKm: number;
  table?: TableQuery;
  sort?: SearchSort;
}

export function searchRestaurantsNear(
  near: Position,
  params: NearParams & { page: number },
  signal: AbortSignal | undefined,
  api: ApiClient,
) {
  return api.get("/client/searchRestaurantsByLocation", {
    query: {
      lat: coordinate(near.lat),
      lng: coordinate(near.lng),
      radius: params.radiusKm,
      category: params.category,
      ...(params.table ? tableQueryParams(params.table, params.sort ?? "relevance") : {}),
      page: params.page,
      pageSize: SEARCH_PAGE_SIZE,
    },
    signal,
  });
}

/** Pages of the restaurants around a position (nearest first unless sorted otherwise); idle without one. */
export const restaurantsNearQuery = (near: Position | null, params: NearParams, language: Language, api: ApiClient) =>
  infiniteQueryOptions({
    queryKey: localizedKey(
      [
        "restaurants",
        "near",
        near ? coordinate(near.lat) : null,
        near ? coordinate(near.lng) : null,
        params.radiusKm,
        params.category,
        ...(params.table ? tableQueryKey(params.table, params.sort ?? "relevance") : []),
      ],
      language,
    ),
    queryFn: ({ pageParam, signal }) => searchRestaurantsNear(near!, { ...params, page: pageParam }, signal, api),
    initialPageParam: 1,
    getNextPageParam: (last: SearchRestaurantsResponse) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    enabled: near !== null,
  });

export function useRestaurantsNear(near: Position | null, params: NearParams) {
  return useInfiniteQuery(restaurantsNearQuery(near, params, useQueryLanguage(), useApiClient()));
}
