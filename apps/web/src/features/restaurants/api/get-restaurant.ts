import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@tavolo/shared/languages";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { localizedKey, useQueryLanguage } from "../../../lib/localized-query-key";

export function getRestaurant(id: string, signal: AbortSignal | undefined, api: ApiClient) {
  return api.get("/client/getRestaurantById/:id", { params: { id }, signal });
}

export const restaurantKey = (id: string) => ["restaurants", "detail", id] as const;

/** One restaurant's page data: the page's query and the server render's loader share it (decision 027). */
export const restaurantQuery = (id: string, language: Language, api: ApiClient) =>
  queryOptions({
    queryKey: localizedKey(restaurantKey(id), language),
    queryFn: ({ signal }) => getRestaurant(id, signal, api),
  });

export function useRestaurant(id: string | undefined) {
  return useQuery({
    ...restaurantQuery(id ?? "", useQueryLanguage(), useApiClient()),
    select: (response) => response.restaurant,
    enabled: Boolean(id),
  });
}
