import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { useLocalizedKey } from "../../../lib/localized-query-key";

/** One list per signed-in user; null while signed out (nothing is fetched). */
export const favoritesKey = (userId: string | null) => ["favorites", userId] as const;

export function getFavorites(signal?: AbortSignal) {
  return apiClient.get("/client/favorites", { signal });
}

export function putFavorite(restaurantId: string) {
  return apiClient.put("/client/favorites/:restaurantId", { params: { restaurantId } });
}

export function deleteFavorite(restaurantId: string) {
  return apiClient.delete("/client/favorites/:restaurantId", { params: { restaurantId } });
}

export function useFavoritesList(userId: string | null) {
  return useQuery({
    queryKey: useLocalizedKey(favoritesKey(userId)),
    queryFn: ({ signal }) => getFavorites(signal),
    enabled: userId !== null,
    // A toggle updates the cache itself; the list is re-read on each visit of /favorites.
    staleTime: 30_000,
  });
}
