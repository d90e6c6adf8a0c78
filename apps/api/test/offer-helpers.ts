import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { timeOfDay, minutesOfDay, wallClockOf } from "@tavolo/shared/dates";
import type { BookLastMinuteRequest } from "@tavolo/shared/offers";
import { ITALIAN_CITIES } from "../src/catalog/seed/italian-cities";
import { upsertOffers, type OfferInput } from "../src/modules/offers/offer-writes.repository";
import { upsertCities, upsertRestaurants } from "../src/modules/restaurants/catalog-writes.repository";
import { post } from "./auth-helpers";
import { restaurantIn } from "./catalog-helpers";
import { romeDate, ROME, type Diner } from "./reservation-helpers";
import { importCatalog } from "../src/catalog/import/catalog-import";
import type { TestApp } from "./test-app";

/** One restaurant on the centre of Milano, Monza and Bergamo (real coordinates of the seed's cities). */
export interface OfferFixture {
  milano: string;
  monza: string;
  bergamo: string;
}

export async function createOfferFixture(t: TestApp): Promise<OfferFixture> {
  const cities = ITALIAN_CITIES.filter((city) => ["milano", "monza", "bergamo"].includes(city.slug));
  const cityIds = await upsertCities(t.database.db, cities);
  const [milano, monza, bergamo] = await upsertRestaurants(
    t.database.db,
    [
      restaurantIn("milano", "Trattoria del Duomo", ["italiano", "carne"]),
      restaurantIn("monza", "Osteria della Villa Reale", ["pesce"]),
      restaurantIn("bergamo", "Polenta e Città Alta", ["italiano"]),
    ],
    cityIds,
  );
  return { milano: milano!, monza: monza!, bergamo: bergamo! };
}

/**
 * An offer whose deadline is `minutesAhead` from now (negative: already past), written as the
 * import writes it: wall-clock date and HH:MM in Rome.
 */
export function offerClosingIn(
  restaurantId: string,
  minutesAhead: number,
  overrides: Partial<OfferInput> = {},
): OfferInput {
  const deadline = wallClockOf(new Date(Date.now() + minutesAhead * 60_000), ROME);
  const minute = minutesOfDay(deadline.time);
  // The seating starts as booking closes, and ends two hours later (possibly after midnight).
  return {
    restaurantId,
    date: deadline.date,
    bookUntil: deadline.time,
    startTime: deadline.time,
    endTime: timeOfDay((minute + 120) % 1440),
    totalSeats: 6,
    source: "import",
    ...overrides,
  };
}

export async function addOffer(t: TestApp, offer: OfferInput): Promise<string> {
  const [written] = await upsertOffers(t.database.db, [offer]);
  return written!.id;
}

export const tomorrowInRome = () => romeDate(1);

/** Publishes one evening offer the way `db:import` does, alerts included. */
export async function publishOffer(t: TestApp, restaurantId: string, date: string) {
  const result = await importCatalog(t.database.db, {
    offers: [{ restaurantId, date, bookUntil: "19:00", startTime: "19:30", endTime: "21:30", totalSeats: 4 }],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  await t.app.announceOffers(result.newOfferIds);
  return result;
}

export function bookOffer(
  t: TestApp,
  who: Diner,
  body: Partial<BookLastMinuteRequest> | Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return post(t.app, "/api/client/bookLastMinute", body, { ...who.headers, ...headers });
}

export async function seatsOf(
  t: TestApp,
  offerId: string,
): Promise<{ available: number; booked: number; total: number }> {
  const result = await sql<{ available: number; total: number; booked: number }>`
    SELECT o.available_seats AS available, o.total_seats AS total,
           COALESCE((SELECT sum(party_size)::int FROM reservations r
                     WHERE r.offer_id = o.id AND r.status IN ('pending', 'confirmed', 'held')), 0) AS booked
    FROM offers o WHERE o.id = ${offerId}`.execute(t.database.db);
  return result.rows[0]!;
}

export function get(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "GET", url, headers });
}
