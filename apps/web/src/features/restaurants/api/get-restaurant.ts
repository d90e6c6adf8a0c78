import { useQuery } from "@tanstack/react-query";
import type { RestaurantResponse } from "@tavolo/shared/restaurants";
import { apiClient, clientPath } from "../../../lib/api-client";
import { useLocalizedKey } from "../../../lib/localized-query-key";

export function getRestaurant(id: string, signal?: AbortSignal) {
  return apiClient.get<RestaurantResponse>(clientPath(`/getRestaurantById/${encodeURIComponent(id)}`), { signal });
}

export const restaurantKey = (id: string) => ["restaurants", "detail", id] as const;

export function useRestaurant(id: string | undefined) {
  return useQuery({
    queryKey: useLocalizedKey(restaurantKey(id ?? "")),
    queryFn: ({ signal }) => getRestaurant(id!, signal),
    select: (response) => response.restaurant,
    enabled: Boolean(id),
  });
}
