import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AvailableSlotsResponse } from "@tavolo/shared/restaurants";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { availabilityKey } from "../../../lib/availability";

export interface SlotsQuery {
  /** "YYYY-MM-DD" on the restaurant's clock */
  date: string;
  people: number;
}

/** GET /client/getAvailableSlots/:id: every start time of the day with a table free for the party. */
export function getAvailableSlots(id: string, query: SlotsQuery, signal: AbortSignal | undefined, api: ApiClient) {
  return api.get("/client/getAvailableSlots/:id", {
    params: { id },
    query: { date: query.date, people: query.people },
    signal,
  });
}

/** Under the availability key, so every booking, move or cancellation at the restaurant refreshes it. */
export const availableSlotsQuery = (id: string, query: SlotsQuery, api: ApiClient) =>
  queryOptions({
    queryKey: [...availabilityKey(id), "slots", query.date, query.people] as const,
    queryFn: ({ signal }) => getAvailableSlots(id, query, signal, api),
    select: (response: AvailableSlotsResponse) => response.slots,
    // People are booking at this very moment: never trust an answer for long.
    staleTime: 15_000,
  });

export function useAvailableSlots(id: string, query: SlotsQuery, enabled = true) {
  // A new date or party keeps the last chips on screen (marked busy) instead of emptying the row.
  return useQuery({ ...availableSlotsQuery(id, query, useApiClient()), enabled, placeholderData: keepPreviousData });
}
