import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AvailableTablesResponse } from "@tavolo/shared/restaurants";
import { apiClient, clientPath } from "../../../lib/api-client";
import { availabilityKey } from "../../../lib/availability";

/**
 * GET /client/getAvailableTables/:id for the booking form (DESIGN §1: with `time` and `people`,
 * availability is per seating). One call answers both questions the form asks: which times of the
 * day have a free table for the party (`slots`), and which tables are free at the chosen time.
 */
export interface SeatingQuery {
  date: string;
  time: string;
  people: number;
  /**
   * A booking of the diner's being moved: asked of `getAvailableTablesForMove`, which counts its own
   * seating free, so a move within it (20:00 → 20:30 at the same table) is offered (decision 032).
   */
  moving?: string;
}

export function getSeatingAvailability(restaurantId: string, query: SeatingQuery, signal?: AbortSignal) {
  const path = query.moving
    ? `/getAvailableTablesForMove/${encodeURIComponent(query.moving)}`
    : `/getAvailableTables/${encodeURIComponent(restaurantId)}`;
  return apiClient.get<AvailableTablesResponse>(clientPath(path), {
    query: { date: query.date, time: query.time || undefined, people: query.people },
    signal,
  });
}

export function useSeatingAvailability(restaurantId: string, query: SeatingQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...availabilityKey(restaurantId), query.date, query.time, query.people, query.moving ?? null],
    queryFn: ({ signal }) => getSeatingAvailability(restaurantId, query, signal),
    enabled,
    // While a changed date, time or party is being asked about, keep showing the last answer (marked
    // as stale by the form) rather than emptying the pickers.
    placeholderData: keepPreviousData,
    // People are booking at this very moment: never trust an answer for long.
    staleTime: 15_000,
  });
}
