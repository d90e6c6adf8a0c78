import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { addDays, dateInZone, noonUtcOf } from "@tavolo/shared/dates";
import { sameEveryDay } from "@tavolo/shared/opening-hours";
import type { MakeReservationRequest, ModifyReservationRequest } from "@tavolo/shared/reservations";
import { ITALIAN_CITIES } from "../src/catalog/seed/italian-cities";
import { upsertCities, upsertRestaurants, type TableInput } from "../src/modules/restaurants/catalog-writes.repository";
import { bearer, post, register } from "./auth-helpers";
import type { TestApp } from "./test-app";

/**
 * Two restaurants whose hours and tables the reservation tests know exactly (the demo seed is
 * random and slow): one open all day every day that confirms at once, and one that serves dinner,
 * rests on Monday and confirms by hand.
 */
export interface BookingFixture {
  allDay: { id: string; tables: TableIds };
  dinner: { id: string; tables: TableIds };
}
/** Table ids by table number. */
type TableIds = Record<number, string>;

export const ROME = "Europe/Rome";
/** The same opening slot (or closed, null) on every day of the week. */
export const everyDay = sameEveryDay;

export async function createBookingFixture(t: TestApp): Promise<BookingFixture> {
  const milano = ITALIAN_CITIES.find((city) => city.slug === "milano")!;
  const cityIds = await upsertCities(t.database.db, [milano]);
  const base = {
    citySlug: "milano",
    type: "trattoria",
    categories: ["italiano"],
    descriptionIt: "",
    descriptionEn: "",
    phone: "+39 02 1234567",
    imageKey: "trattoria-1",
    rating: 4.5,
    priceRange: 2,
    timeZone: ROME,
    lat: 45.4642,
    lng: 9.19,
  };
  const allDayTables: TableInput[] = [
    { number: 1, capacity: 2 },
    { number: 2, capacity: 4 },
    { number: 3, capacity: 6 },
    { number: 4, capacity: 8, active: false },
  ];
  const [allDayId, dinnerId] = await upsertRestaurants(
    t.database.db,
    [
      {
        ...base,
        name: "Trattoria Sempre Aperta",
        address: "Via Roma 1",
        openingHours: everyDay({ open: "00:00", close: "23:45" }),
        autoConfirm: true,
        tables: allDayTables,
      },
      {
        ...base,
        name: "Osteria del Lunedì",
        address: "Corso Como 2",
        openingHours: { ...everyDay({ open: "19:00", close: "23:00" }), monday: null },
        autoConfirm: false,
        tables: [
          { number: 1, capacity: 4 },
          { number: 2, capacity: 2 },
        ],
      },
    ],
    cityIds,
  );
  const tablesOf = async (restaurantId: string): Promise<TableIds> => {
    const rows = await t.database.db
      .selectFrom("restaurant_tables")
      .select(["id", "number"])
      .where("restaurant_id", "=", restaurantId)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.number, row.id]));
  };
  return {
    allDay: { id: allDayId!, tables: await tablesOf(allDayId!) },
    dinner: { id: dinnerId!, tables: await tablesOf(dinnerId!) },
  };
}

/** A calendar date in Rome, `days` after today. */
export const romeDate = (days: number) => addDays(dateInZone(new Date(), ROME), days);

/** The first date from tomorrow on that falls on `weekday` (0 = Sunday … 6 = Saturday). */
export function nextWeekday(weekday: number): string {
  for (let days = 1; ; days++) {
    const date = romeDate(days);
    if (noonUtcOf(date).getUTCDay() === weekday) return date;
  }
}

/** A booking request for one table of a fixture restaurant (two people unless told). */
export const tableRequest = (
  restaurant: { id: string; tables: TableIds },
  table: number,
  date: string,
  time: string,
  numberOfPeople = 2,
) => ({ restaurantId: restaurant.id, tableId: restaurant.tables[table], date, time, numberOfPeople });

export async function diner(t: TestApp, overrides: Record<string, unknown> = {}) {
  const account = await register(t.app, overrides);
  return { userId: account.userId, email: account.user.email, headers: bearer(account.token) };
}
export type Diner = Awaited<ReturnType<typeof diner>>;

/** `count` diners, registered 10 at a time (the test pool's connections stay free for the race). */
export async function registerDiners(t: TestApp, count: number): Promise<Diner[]> {
  const diners: Diner[] = [];
  for (let batch = 0; batch < count; batch += 10) {
    diners.push(...(await Promise.all(Array.from({ length: Math.min(10, count - batch) }, () => diner(t)))));
  }
  return diners;
}

/** What every booking race starts from: the fixture and `count` diners. */
export async function raceParticipants(t: TestApp, count: number): Promise<{ f: BookingFixture; diners: Diner[] }> {
  const f = await createBookingFixture(t);
  return { f, diners: await registerDiners(t, count) };
}

export const cancelReservation = (t: TestApp, who: Diner, id: string) =>
  t.app.inject({ method: "POST", url: `/api/client/cancelReservation/${id}`, headers: who.headers });

export function makeReservation(
  t: TestApp,
  who: Diner,
  body: Partial<MakeReservationRequest> | Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return post(t.app, "/api/client/makeReservation", body, { ...who.headers, ...headers });
}

export function modifyReservation(
  t: TestApp,
  who: Diner,
  reservationId: string,
  body: Partial<ModifyReservationRequest> | Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return post(t.app, `/api/client/modifyReservation/${reservationId}`, body, { ...who.headers, ...headers });
}

export async function reservationCount(t: TestApp): Promise<number> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reservations`.execute(t.database.db);
  return result.rows[0]!.n;
}

/**
 * Dates a booking's making four days back, as if it was booked long before its seating: only such a
 * booking is due a reminder (decision 046). A test's own write, beside the app's one writer.
 */
export const bookedLongAgo = (t: TestApp, reservationId: string) =>
  sql`UPDATE reservations SET created_at = now() - interval '4 days' WHERE id = ${reservationId}`.execute(
    t.database.db,
  );
