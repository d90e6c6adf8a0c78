import type { Kysely } from "kysely";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import { checkBookingDate, openSeatings, openSeatingsNear } from "@tavolo/shared/reservation-slots";
import type { DB } from "../../db/schema";
import { findFreeSeatings, type CandidateSeating } from "./free-seatings.repository";

/** What the seating rules need of a restaurant. */
export interface SeatingSource {
  id: string;
  opening_hours: OpeningHours;
  time_zone: string;
}

/**
 * The start times of `date` at which each restaurant could take a booking of `people` now: the
 * seatings makeReservation accepts (shared rules: open, on the quarter-hour grid, still to come,
 * within the booking horizon), only those near `near` when given (a search's window), with a table
 * that fits free for the whole seating. One query for all the restaurants. Times in the order of the day; a restaurant with
 * none is absent from the map.
 */
export async function freeTimesByRestaurant(
  db: Kysely<DB>,
  restaurants: readonly SeatingSource[],
  request: { date: string; people: number; now: Date; near?: string },
): Promise<Map<string, string[]>> {
  const candidates: CandidateSeating[] = restaurants.flatMap((restaurant) => {
    if (checkBookingDate(request.date, restaurant.time_zone, request.now)) return [];
    const { opening_hours: hours, time_zone: zone } = restaurant;
    const seatings =
      request.near === undefined
        ? openSeatings(hours, zone, request.date, request.now)
        : openSeatingsNear(hours, zone, request.date, request.near, request.now);
    return seatings.map((seating) => ({ ...seating, restaurantId: restaurant.id }));
  });
  const byRestaurant = new Map<string, string[]>();
  // Candidates are in the order of each restaurant's day, and the free ones come back in theirs.
  for (const candidate of await findFreeSeatings(db, candidates, request.people)) {
    const times = byRestaurant.get(candidate.restaurantId) ?? [];
    times.push(candidate.time);
    byRestaurant.set(candidate.restaurantId, times);
  }
  return byRestaurant;
}
