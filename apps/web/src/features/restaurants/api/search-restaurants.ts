import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { CategoryFilter } from "@tavolo/shared/categories";
import type { Language } from "@tavolo/shared/languages";
import type { SearchRestaurantsResponse } from "@tavolo/shared/restaurants";
import { ApiError, type ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { SEARCH_RESTAURANTS_KEY } from "../../../lib/availability";
import { localizedKey, useQueryLanguage } from "../../../lib/localized-query-key";
import { tableQueryKey, tableQueryParams, type SearchSort, type TableQuery } from "./table-search";

/** Cards per page: a multiple of the 2- and 3-column grids. */
export const SEARCH_PAGE_SIZE = 12;

export interface SearchParams {
  location: string;
  category: CategoryFilter;
  /** A search for a table: every restaurant then carries its free start times near the moment. */
  table?: TableQuery;
  sort?: SearchSort;
  /** The diner's position, sent only to order a city's restaurants by distance. */
  position?: { lat: number; lng: number };
}

// Five decimals are a metre: enough for distances, and no finer trail of where the diner is.
export const coordinate = (value: number) => value.toFixed(5);

export function searchRestaurants(
  params: SearchParams & { page: number; pageSize?: number },
  signal: AbortSignal | undefined,
  api: ApiClient,
) {
  const sort = params.sort ?? "relevance";
  const byDistance = sort === "distance" && params.position;
  return api.get("/client/searchRestaurantsByLocation", {
    query: {
      location: params.location,
      category: params.category,
      ...(params.table ? tableQueryParams(params.table, sort) : {}),
      ...(byDistance
        ? { lat: coordinate(params.position!.lat), lng: coordinate(params.position!.lng), sort: "distance" }
        : {}),
      page: params.page,
      pageSize: params.pageSize ?? SEARCH_PAGE_SIZE,
    },
    signal,
  });
}

export const searchRestaurantsKey = (params: SearchParams) =>
  [
    ...SEARCH_RESTAURANTS_KEY,
    params.location.trim().toLowerCase(),
    params.category,
    ...(params.table ? tableQueryKey(params.table, params.sort ?? "relevance") : []),
    ...(params.sort === "distance" && params.position
      ? [coordinate(params.position.lat), coordinate(params.position.lng)]
      : []),
  ] as const;

/**
 * Pages of results for one city, cuisine and table (null: no city, the query stays idle): key and
 * fetcher in one place, so a route loader can prefetch exactly what the page reads.
 */
export const searchRestaurantsQuery = (params: SearchParams | null, language: Language, api: ApiClient) =>
  infiniteQueryOptions({
    queryKey: localizedKey(params ? searchRestaurantsKey(params) : [...SEARCH_RESTAURANTS_KEY, null], language),
    queryFn: ({ pageParam, signal }) => searchRestaurants({ ...params!, page: pageParam }, signal, api),
    initialPageParam: 1,
    getNextPageParam: (last: SearchRestaurantsResponse) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    enabled: params !== null && params.location.trim() !== "",
  });

/** Pages of results for one city and cuisine; disabled until a city is given. */
export function useSearchRestaurants(params: SearchParams | null) {
  return useInfiniteQuery(searchRestaurantsQuery(params, useQueryLanguage(), useApiClient()));
}

/** The API's answer for a city it does not know (a typo, a made-up place). */
export const isCityNotFound = (error: unknown): boolean => error instanceof ApiError && error.code === "city_not_found";
