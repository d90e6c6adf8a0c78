import type { Kysely } from "kysely";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import {
  checkBookingDate,
  hoursOn,
  openSeatings,
  openSeatingsNear,
  type Seating,
} from "@tavolo/shared/reservation-slots";
import type { DB } from "../../db/schema";
import { findFreeSeatings } from "./free-seatings.repository";

/** What the seating rules need of a restaurant. */
export interface SeatingSource {
  id: string;
  opening_hours: OpeningHours;
  time_zone: string;
}

/** A day to book, a party, the clock, and for a search the time its window is around. */
export interface SeatingRequest {
  date: string;
  people: number;
  now: Date;
  near?: string;
}

/**
 * The seatings each restaurant offers for `request`: those makeReservation accepts (shared rules:
 * open, on the quarter-hour grid, still to come, within the booking horizon), only those near
 * `request.near` when given (a search's window). Restaurants with the same time zone and the same
 * hours that day get the same list, worked out once: a search's page holds a few such services for
 * twenty restaurants, and the rules cost more than the look-up (decision 070).
 */
export function offeredSeatings(
  restaurants: readonly SeatingSource[],
  request: SeatingRequest,
): Map<string, readonly Seating[]> {
  const byService = new Map<string, readonly Seating[]>();
  const offered = new Map<string, readonly Seating[]>();
  for (const { id, opening_hours: hours, time_zone: zone } of restaurants) {
    const open = hoursOn(hours, request.date);
    const service = open ? `${zone} ${open.open} ${open.close}` : `${zone} closed`;
    let seatings = byService.get(service);
    if (!seatings) {
      seatings = checkBookingDate(request.date, zone, request.now)
        ? []
        : request.near === undefined
          ? openSeatings(hours, zone, request.date, request.now)
          : openSeatingsNear(hours, zone, request.date, request.near, request.now);
      byService.set(service, seatings);
    }
    offered.set(id, seatings);
  }
  return offered;
}

/**
 * The start times of `request.date` at which each restaurant could take a booking of
 * `request.people` now: its offered seatings (above) with a table that fits free for the whole
 * seating. One query for all the restaurants. Times in the order of the day; a restaurant with none
 * is absent from the map. `offered` when the caller has them already.
 */
export async function freeTimesByRestaurant(
  db: Kysely<DB>,
  restaurants: readonly SeatingSource[],
  request: SeatingRequest,
  offered = offeredSeatings(restaurants, request),
): Promise<Map<string, string[]>> {
  const asked = [...offered]
    .filter(([, seatings]) => seatings.length > 0)
    .map(([restaurantId, seatings]) => ({ restaurantId, seatings }));
  const free = await findFreeSeatings(db, asked, request.people);
  const byRestaurant = new Map<string, string[]>();
  asked.forEach(({ restaurantId }, index) => {
    const times = free[index]!.map((seating) => seating.time);
    if (times.length > 0) byRestaurant.set(restaurantId, times);
  });
  return byRestaurant;
}
