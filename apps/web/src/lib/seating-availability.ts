import type { AvailableTablesResponse } from "@tavolo/shared/restaurants";
import { apiClient, clientPath } from "./api-client";
import { availabilityKey } from "./availability";

/**
 * GET /client/getAvailableTables/:id as the booking form asks it (DESIGN §1: with `time` and `people`,
 * availability is per seating). Here, not in the reservations feature, because a slot chip of the
 * restaurants feature asks the very same question ahead of the tap (decision 039).
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

export const seatingKey = (restaurantId: string, query: SeatingQuery) =>
  [...availabilityKey(restaurantId), query.date, query.time, query.people, query.moving ?? null] as const;

export function getSeatingAvailability(restaurantId: string, query: SeatingQuery, signal?: AbortSignal) {
  const path = query.moving
    ? `/getAvailableTablesForMove/${encodeURIComponent(query.moving)}`
    : `/getAvailableTables/${encodeURIComponent(restaurantId)}`;
  return apiClient.get<AvailableTablesResponse>(clientPath(path), {
    query: { date: query.date, time: query.time || undefined, people: query.people },
    signal,
  });
}

/** People are booking at this very moment: never trust an answer for long. */
export const SEATING_STALE_MS = 15_000;
