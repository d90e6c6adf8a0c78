import { useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { useLocalizedKey } from "../../../lib/localized-query-key";

/** One list per signed-in user; null while signed out (nothing is fetched). */
export const favoritesKey = (userId: string | null) => ["favorites", userId] as const;

export function getFavorites(api: ApiClient, signal?: AbortSignal) {
  return api.get("/client/favorites", { signal });
}

export function putFavorite(api: ApiClient, restaurantId: string) {
  return api.put("/client/favorites/:restaurantId", { params: { restaurantId } });
}

export function deleteFavorite(api: ApiClient, restaurantId: string) {
  return api.delete("/client/favorites/:restaurantId", { params: { restaurantId } });
}

export function useFavoritesList(userId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: useLocalizedKey(favoritesKey(userId)),
    queryFn: ({ signal }) => getFavorites(api, signal),
    enabled: userId !== null,
    // A toggle updates the cache itself; the list is re-read on each visit of /favorites.
    staleTime: 30_000,
  });
}
