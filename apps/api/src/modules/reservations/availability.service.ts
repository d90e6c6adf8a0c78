import type { Kysely } from "kysely";
import type { z } from "zod";
import { dateInZone } from "@tavolo/shared/dates";
import { checkBookingDate, openSeatings, overlaps, type Seating } from "@tavolo/shared/reservation-slots";
import type {
  availableSlotsQuerySchema,
  AvailableSlotsResponse,
  availableTablesQuerySchema,
  AvailableTablesResponse,
} from "@tavolo/shared/restaurants";
import type { DB } from "../../db/schema";
import { findRestaurantById, findRestaurantWithTables, type TableRow } from "../restaurants/restaurants.repository";
import { toTable } from "../restaurants/restaurants.mapper";
import { restaurantNotFound } from "../restaurants/restaurants.service";
import { seatingProblemError } from "./booking-rules";
import { freeTimesByRestaurant } from "./free-seatings";
import { movableBy } from "./move-reservation";
import { findReservationForMove, listLiveSeatings } from "./reservations.repository";

type TablesQuery = z.output<typeof availableTablesQuerySchema>;
type SlotsQuery = z.output<typeof availableSlotsQuerySchema>;
type Interval = { startsAt: Date; endsAt: Date };

/**
 * Which tables a diner may pick (decision 007). A table is available when it seats the party and is free
 * for the whole seating described: the asked time, else the day's next seating still to come (named
 * in the answer's `time`, decision 035), its bookings and holds counted. A time that is not an open
 * seating (closed, past, 19:07) leaves every table unavailable; `slots` lists the times worth
 * offering instead.
 */
export function createAvailabilityService(db: Kysely<DB>) {
  /** `moving`: a booking whose own seating counts as free (it is given up by the move). */
  async function availableTables(
    restaurantId: string,
    query: TablesQuery,
    moving?: string,
  ): Promise<AvailableTablesResponse> {
    const restaurant = await findRestaurantWithTables(db, restaurantId);
    if (!restaurant) throw restaurantNotFound();
    const { tables } = restaurant;
    const now = new Date();
    const date = query.date ?? dateInZone(now, restaurant.time_zone);
    const dateProblem = checkBookingDate(date, restaurant.time_zone, now);
    if (dateProblem) throw seatingProblemError(dateProblem);

    const seatings = openSeatings(restaurant.opening_hours, restaurant.time_zone, date, now);
    const booked = await bookedIntervalsByTable(db, restaurantId, seatings, moving);
    const inService = tables.filter((table) => table.active);
    const fits = (table: TableRow) => query.people === undefined || table.capacity >= query.people;
    const isFree = (table: TableRow, seating: Seating) =>
      !(booked.get(table.id) ?? []).some((interval) => overlaps(interval, seating));
    // No time asked: the next seating still to come (the shared rules' first open seating), not "any".
    const time = query.time ?? seatings[0]?.time ?? null;
    const wanted = seatings.find((seating) => seating.time === time);

    return {
      success: true,
      date,
      time,
      slots: seatings
        .filter((seating) => inService.some((table) => fits(table) && isFree(table, seating)))
        .map((seating) => seating.time),
      tables: inService.map((table) => toTable(table, wanted !== undefined && fits(table) && isFree(table, wanted))),
    };
  }

  return {
    availableTables: (restaurantId: string, query: TablesQuery) => availableTables(restaurantId, query),

    /**
     * Where one of the caller's bookings could move (decision 032): the same answer for its
     * restaurant, with the booking's own seating free, so a move within its own seating ("20:00 →
     * 20:30 at the same table") is offered, as the move itself accepts it.
     */
    async tablesForMove(userId: string, reservationId: string, query: TablesQuery): Promise<AvailableTablesResponse> {
      const booking = movableBy(await findReservationForMove(db, reservationId), userId);
      return availableTables(booking.restaurant_id, query, reservationId);
    },

    /** Every start time of the day a party could book now (decision 024); the same rules and query as a search. */
    async availableSlots(restaurantId: string, query: SlotsQuery): Promise<AvailableSlotsResponse> {
      const restaurant = await findRestaurantById(db, restaurantId);
      if (!restaurant) throw restaurantNotFound();
      const now = new Date();
      const date = query.date ?? dateInZone(now, restaurant.time_zone);
      const dateProblem = checkBookingDate(date, restaurant.time_zone, now);
      if (dateProblem) throw seatingProblemError(dateProblem);
      const people = query.people ?? null;
      // Without a party any table in service will do: every table seats at least one.
      const free = await freeTimesByRestaurant(db, [restaurant], { date, people: people ?? 1, now });
      return { success: true, date, people, slots: free.get(restaurant.id) ?? [] };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;

/** The live seatings of the day's service, grouped by table: one query for the whole restaurant. */
async function bookedIntervalsByTable(
  db: Kysely<DB>,
  restaurantId: string,
  seatings: Seating[],
  except?: string,
): Promise<Map<string, Interval[]>> {
  const byTable = new Map<string, Interval[]>();
  const first = seatings[0];
  const last = seatings.at(-1);
  if (!first || !last) return byTable;
  for (const row of await listLiveSeatings(db, restaurantId, first.startsAt, last.endsAt, except)) {
    const intervals = byTable.get(row.table_id) ?? [];
    intervals.push({ startsAt: row.startsAt, endsAt: row.endsAt });
    byTable.set(row.table_id, intervals);
  }
  return byTable;
}
