import type { OpeningHours } from "@tavolo/shared/opening-hours";
import { SEATING_MINUTES } from "@tavolo/shared/constants";
import { addDays, dateInZone, minutesOfDay, timeOfDay } from "@tavolo/shared/dates";
import { daySeatings } from "@tavolo/shared/reservation-slots";
import { openDatabase } from "../../apps/api/src/db/database";
import { upsertOffers } from "../../apps/api/src/modules/offers/offer-writes.repository";
import { benchDatabase, startBenchServer, type Engine } from "./server";

/**
 * The data the "first seconds" flows book (decision 059): one restaurant of Milano and one offer of
 * the bench's own, written before the server starts, so the flows find them at any hour the bench
 * runs. Seed offers follow the clock (lunch and dinner of today and tomorrow) and earlier runs
 * booked their seats, so picking one of them left the offer flow at the mercy of the time of day.
 */
export interface FirstSecondsTargets {
  restaurantId: string;
  offerId: string;
}

/** The bench's own offer: the same row every run, rewritten with a seating still ahead. */
export const FIRST_SECONDS_OFFER_ID = "0f1257ec-0000-4000-8000-000000000059";
/** Diners the flows register: their bookings are forgotten before each run. */
export const FIRST_SECONDS_EMAIL_DOMAIN = "first-seconds.bench.tavolo.test";
/** The offer's seating starts at least this long after the bench starts: 9 flows fit well inside. */
const OFFER_LEAD_MINUTES = 90;
/** Every run books two seats of the offer (3 runs, and room for a retry by hand). */
const OFFER_SEATS = 40;

interface Candidate {
  id: string;
  opening_hours: OpeningHours;
  time_zone: string;
}

/**
 * The seating of the restaurant's next two days that starts at least `leadMinutes` from now, as
 * the offer's date and times (its booking closes when it starts).
 */
export function offerSeating(
  restaurant: { openingHours: OpeningHours; timeZone: string },
  now: Date,
  leadMinutes = OFFER_LEAD_MINUTES,
): { date: string; startTime: string; endTime: string } | null {
  const earliest = now.getTime() + leadMinutes * 60_000;
  const today = dateInZone(now, restaurant.timeZone);
  for (const date of [today, addDays(today, 1), addDays(today, 2)]) {
    const seating = daySeatings(restaurant.openingHours, restaurant.timeZone, date).find(
      (s) => s.startsAt.getTime() >= earliest,
    );
    if (seating) {
      const end = (minutesOfDay(seating.time) + SEATING_MINUTES) % (24 * 60);
      return { date, startTime: seating.time, endTime: timeOfDay(end) };
    }
  }
  return null;
}

/**
 * Seeds the catalogue if it is new (a first start), then, with no server holding the data
 * (PGlite allows one process), forgets earlier runs' bookings and writes the offer.
 */
export async function prepareFirstSecondsData(
  engine: Engine,
  restaurants: number,
  port: number,
  now = new Date(),
): Promise<FirstSecondsTargets> {
  await (await startBenchServer(engine, restaurants, port, { LOG_LEVEL: "error" })).stop();
  const database = await openDatabase({ ...(await benchDatabase(engine, restaurants)), poolSize: 2 });
  try {
    const diners = `SELECT id FROM users WHERE email LIKE '%@${FIRST_SECONDS_EMAIL_DOMAIN}'`;
    await database.pool.query(`DELETE FROM reservations WHERE user_id IN (${diners}) OR offer_id = $1`, [
      FIRST_SECONDS_OFFER_ID,
    ]);
    await database.pool.query(`DELETE FROM idempotency_keys WHERE user_id IN (${diners})`);
    await database.pool.query("DELETE FROM offers WHERE id = $1", [FIRST_SECONDS_OFFER_ID]);
    // The roomiest restaurant of Milano (ties by a hash of the id: the same one every run).
    const { rows } = await database.pool.query<Candidate>(
      `SELECT r.id, r.opening_hours, r.time_zone
         FROM restaurants r JOIN cities c ON c.id = r.city_id
         JOIN restaurant_tables t ON t.restaurant_id = r.id AND t.active
        WHERE c.slug = 'milano'
        GROUP BY r.id ORDER BY count(*) DESC, md5(r.id::text) LIMIT 20`,
    );
    for (const row of rows) {
      const restaurant = { openingHours: row.opening_hours, timeZone: row.time_zone };
      const seating = offerSeating(restaurant, now);
      if (!seating) continue;
      await upsertOffers(database.db, [
        {
          id: FIRST_SECONDS_OFFER_ID,
          restaurantId: row.id,
          ...seating,
          bookUntil: seating.startTime,
          totalSeats: OFFER_SEATS,
          discountPercent: 20,
          descriptionIt: "Offerta del banco di prova «primi secondi».",
          descriptionEn: "The first-seconds bench's offer.",
          // "import": the seed rewrites its own offers when they expire, and leaves this one alone.
          source: "import",
        },
      ]);
      return { restaurantId: row.id, offerId: FIRST_SECONDS_OFFER_ID };
    }
    throw new Error("first seconds: no restaurant of Milano has a seating in the next two days");
  } finally {
    await database.close();
  }
}
