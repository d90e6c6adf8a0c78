import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { CategoryFilter } from "@tavolo/shared/categories";
import type { SearchRestaurantsResponse } from "@tavolo/shared/restaurants";
import type { Language } from "@tavolo/shared/languages";
import { ApiError, apiClient, clientPath, type ApiClient } from "../../../lib/api-client";
import { localizedKey, useQueryLanguage } from "../../../lib/localized-query-key";

/** Cards per page: a multiple of the 2- and 3-column grids. */
export const SEARCH_PAGE_SIZE = 12;

export interface SearchParams {
  location: string;
  category: CategoryFilter;
}

export function searchRestaurants(
  params: SearchParams & { page: number; pageSize?: number },
  signal?: AbortSignal,
  api: ApiClient = apiClient,
) {
  return api.get<SearchRestaurantsResponse>(clientPath("/searchRestaurantsByLocation"), {
    query: {
      location: params.location,
      category: params.category,
      page: params.page,
      pageSize: params.pageSize ?? SEARCH_PAGE_SIZE,
    },
    signal,
  });
}

export const searchRestaurantsKey = (params: SearchParams) =>
  ["restaurants", "search", params.location.trim().toLowerCase(), params.category] as const;

/**
 * Pages of results for one city and cuisine (null: no city, the query stays idle). The page's query
 * and the server render's loader share it (decision 027).
 */
export const searchRestaurantsQuery = (params: SearchParams | null, language: Language, api: ApiClient = apiClient) =>
  infiniteQueryOptions({
    queryKey: localizedKey(params ? searchRestaurantsKey(params) : ["restaurants", "search", null], language),
    queryFn: ({ pageParam, signal }) => searchRestaurants({ ...params!, page: pageParam }, signal, api),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: params !== null && params.location.trim() !== "",
  });

/** Pages of results for one city and cuisine; disabled until a city is given. */
export function useSearchRestaurants(params: SearchParams | null) {
  return useInfiniteQuery(searchRestaurantsQuery(params, useQueryLanguage()));
}

/** The API's answer for a city it does not know (a typo, a made-up place). */
export const isCityNotFound = (error: unknown): boolean => error instanceof ApiError && error.code === "city_not_found";
