import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";
import { availabilityKey } from "./availability";

/**
 * GET /client/getAvailableTables/:id, asked by the restaurant page (today's tables) and by the booking
 * form (DESIGN §1: with `time` and `people`, availability is per seating). One fetcher and one key
 * family under the restaurant's availability key, so every booking, move or cancellation refreshes
 * both (decision 051). Here, not in a feature, because both features read it and a slot chip of the
 * restaurants feature asks the form's question ahead of the tap (decision 039).
 */
export interface TablesQuery {
  date: string;
  time?: string;
  people?: number;
  /**
   * A booking of the diner's being moved: asked of `getAvailableTablesForMove`, which counts its own
   * seating free, so a move within it (20:00 → 20:30 at the same table) is offered (decision 032).
   */
  moving?: string;
}

/** The booking form's question: always a party, and a time ("" until one is picked). */
export interface SeatingQuery extends TablesQuery {
  time: string;
  people: number;
}

/** No time ("" or absent) and no party are the same question, so they share one entry. */
export const tablesKey = (restaurantId: string, query: TablesQuery) =>
  [
    ...availabilityKey(restaurantId),
    "tables",
    query.date,
    query.time || null,
    query.people ?? null,
    query.moving ?? null,
  ] as const;

export function getAvailableTables(
  restaurantId: string,
  query: TablesQuery,
  signal: AbortSignal | undefined,
  api: ApiClient,
) {
  const asked = { query: { date: query.date, time: query.time || undefined, people: query.people }, signal };
  return query.moving
    ? api.get("/client/getAvailableTablesForMove/:id", { params: { id: query.moving }, ...asked })
    : api.get("/client/getAvailableTables/:id", { params: { id: restaurantId }, ...asked });
}

/** People are booking at this very moment: never trust an answer for long. */
export const SEATING_STALE_MS = 15_000;

/** Asks a seating ahead of the form that will read it (decisions 039, 065), under the form's own key. */
export function prefetchSeating(client: QueryClient, api: ApiClient, restaurantId: string, query: SeatingQuery) {
  return client.prefetchQuery({
    queryKey: tablesKey(restaurantId, query),
    queryFn: ({ signal }) => getAvailableTables(restaurantId, query, signal, api),
    staleTime: SEATING_STALE_MS,
  });
}

/**
 * What the booking form reads for one seating, asked ahead of it: the day's free times and, with a
 * time, that seating's tables (features/reservations' use-booking-choices.ts asks the same two).
 */
export function prefetchFormSeating(
  client: QueryClient,
  api: ApiClient,
  restaurantId: string,
  { date, time, people }: SeatingQuery,
): void {
  void prefetchSeating(client, api, restaurantId, { date, time: "", people });
  if (time) void prefetchSeating(client, api, restaurantId, { date, time, people });
}
