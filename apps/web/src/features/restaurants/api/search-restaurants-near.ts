import { useInfiniteQuery } from "@tanstack/react-query";
import type { CategoryFilter } from "@tavolo/shared/categories";
import { RADIUS_KM } from "@tavolo/shared/constants";
import type { SearchRestaurantsResponse } from "@tavolo/shared/restaurants";
import { apiClient, clientPath } from "../../../lib/api-client";
import { useLocalizedKey } from "../../../lib/localized-query-key";
import { SEARCH_PAGE_SIZE } from "./search-restaurants";

/**
 * How far the list around the diner reaches: the widest radius, since the list is nearest first
 * anyway and a small town far from any city should still see its nearest tables (decision 023).
 */
export const NEARBY_RADIUS_KM = RADIUS_KM.max;

export interface Position {
  lat: number;
  lng: number;
}

// Five decimals are a metre: enough for distances, and no finer trail of where the diner is.
const coordinate = (value: number) => value.toFixed(5);

export function searchRestaurantsNear(
  near: Position,
  params: { category: CategoryFilter; page: number },
  signal?: AbortSignal,
) {
  return apiClient.get<SearchRestaurantsResponse>(clientPath("/searchRestaurantsByLocation"), {
    query: {
      lat: coordinate(near.lat),
      lng: coordinate(near.lng),
      radius: NEARBY_RADIUS_KM,
      category: params.category,
      page: params.page,
      pageSize: SEARCH_PAGE_SIZE,
    },
    signal,
  });
}

/** Pages of the restaurants around a position, nearest first; disabled without one. */
export function useRestaurantsNear(near: Position | null, category: CategoryFilter) {
  return useInfiniteQuery({
    queryKey: useLocalizedKey([
      "restaurants",
      "near",
      near ? coordinate(near.lat) : null,
      near ? coordinate(near.lng) : null,
      category,
    ]),
    queryFn: ({ pageParam, signal }) => searchRestaurantsNear(near!, { category, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: near !== null,
  });
}
