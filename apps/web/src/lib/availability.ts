import type { QueryClient } from "@tanstack/react-query";

/**
 * The query keys whose answers say which tables or times are free. They live here, not in a feature,
 * because the restaurants feature reads free times (search cards, the restaurant page) and the
 * reservations feature changes them (book, move, cancel): every write refreshes every reader.
 */
export const availabilityKey = (restaurantId: string) => ["reservations", "availability", restaurantId] as const;

/** A city's search (its keys begin so); the server render also finds the one its loader asked. */
export const SEARCH_RESTAURANTS_KEY = ["restaurants", "search"] as const;

/** Searches carry each restaurant's free times (decision 026). */
const SEARCH_KEYS = [SEARCH_RESTAURANTS_KEY, ["restaurants", "near"]] as const;

/** After a booking write at a restaurant: its free tables and times, and every search, are read again. */
export function invalidateAvailability(client: QueryClient, restaurantId: string): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: availabilityKey(restaurantId) }),
    ...SEARCH_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })),
  ]).then(() => undefined);
}
