import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { addDays, instantOfWallClock, minutesOfDay } from "@tavolo/shared/dates";
import { offerDeadline } from "@tavolo/shared/offers";
import type { DB, OfferSource } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * An offer as the seed and the import write it. `date` is the day the seating starts; `bookUntil`
 * is on that day, no later than `startTime`; an `endTime` earlier than `startTime` ends after
 * midnight. Times are the restaurant's wall clock.
 */
export interface OfferInput {
  id?: string;
  restaurantId: string;
  date: string;
  startTime: string;
  endTime: string;
  bookUntil: string;
  totalSeats: number;
  /** Default: every seat. On an update the seats already booked stay booked. */
  availableSeats?: number;
  /** Default: the restaurant's own. */
  categories?: readonly string[];
  discountPercent?: number | null;
  descriptionIt?: string;
  descriptionEn?: string;
  source: OfferSource;
}

/** Why an offer cannot be written, for the import's problem list. */
export class OfferTimingError extends Error {}

/** The instants of an offer's seating and deadline in the restaurant's zone. */
export function offerInstants(
  offer: Pick<OfferInput, "date" | "startTime" | "endTime" | "bookUntil">,
  timeZone: string,
): { startsAt: Date; endsAt: Date; bookUntilAt: Date } {
  if (minutesOfDay(offer.bookUntil) > minutesOfDay(offer.startTime)) {
    throw new OfferTimingError("bookUntil must not be later than startTime");
  }
  const startsAt = instantOfWallClock(offer.date, offer.startTime, timeZone, { inGap: "later" });
  const endDate = minutesOfDay(offer.endTime) > minutesOfDay(offer.startTime) ? offer.date : addDays(offer.date, 1);
  const endsAt = instantOfWallClock(endDate, offer.endTime, timeZone, { inGap: "later" });
  const bookUntilAt = offerDeadline(offer.date, offer.bookUntil, timeZone);
  if (!startsAt || !endsAt) throw new OfferTimingError("no such time in the restaurant's time zone");
  if (endsAt <= startsAt) throw new OfferTimingError("endTime must follow startTime");
  return { startsAt, endsAt, bookUntilAt: bookUntilAt > startsAt ? startsAt : bookUntilAt };
}

const CHUNK = 2_000;

/**
 * Inserts offers, or updates those whose id exists: then the seats already booked stay booked
 * (available = new total − booked), and a total below them violates the CHECK, failing the write.
 * Returns the ids of the offers that are new, which are the ones to announce.
 */
export async function upsertOffers(
  db: Db,
  offers: readonly OfferInput[],
): Promise<{ id: string; inserted: boolean }[]> {
  if (offers.length === 0) return [];
  const restaurants = await restaurantFacts(
    db,
    offers.map((offer) => offer.restaurantId),
  );
  const written: { id: string; inserted: boolean }[] = [];
  for (let i = 0; i < offers.length; i += CHUNK) {
    const rows = offers.slice(i, i + CHUNK).map((offer) => {
      const restaurant = restaurants.get(offer.restaurantId);
      if (!restaurant) throw new Error(`Unknown restaurant ${offer.restaurantId}`);
      const instants = offerInstants(offer, restaurant.timeZone);
      return {
        id: offer.id ?? randomUUID(),
        restaurant_id: offer.restaurantId,
        offer_date: offer.date,
        start_time: offer.startTime,
        end_time: offer.endTime,
        book_until: offer.bookUntil,
        starts_at: instants.startsAt.toISOString(),
        ends_at: instants.endsAt.toISOString(),
        book_until_at: instants.bookUntilAt.toISOString(),
        total_seats: offer.totalSeats,
        available_seats: offer.availableSeats ?? offer.totalSeats,
        categories: offer.categories ?? restaurant.categories,
        discount_percent: offer.discountPercent ?? null,
        description_it: offer.descriptionIt ?? "",
        description_en: offer.descriptionEn ?? "",
        source: offer.source,
      };
    });
    const result = await sql<{ id: string; inserted: boolean }>`
      INSERT INTO offers (id, restaurant_id, offer_date, start_time, end_time, book_until, starts_at, ends_at,
                          book_until_at, total_seats, available_seats, categories, discount_percent,
                          description_it, description_en, city_id, lat, lng, source)
      SELECT x.id, x.restaurant_id, x.offer_date, x.start_time, x.end_time, x.book_until, x.starts_at, x.ends_at,
             x.book_until_at, x.total_seats, x.available_seats, x.categories, x.discount_percent,
             x.description_it, x.description_en, r.city_id, r.lat, r.lng, x.source
      FROM jsonb_populate_recordset(NULL::offers, ${JSON.stringify(rows)}::jsonb) AS x
      JOIN restaurants r ON r.id = x.restaurant_id
      ON CONFLICT (id) DO UPDATE SET
        restaurant_id = excluded.restaurant_id, offer_date = excluded.offer_date,
        start_time = excluded.start_time, end_time = excluded.end_time, book_until = excluded.book_until,
        starts_at = excluded.starts_at, ends_at = excluded.ends_at, book_until_at = excluded.book_until_at,
        available_seats = excluded.total_seats - (offers.total_seats - offers.available_seats),
        total_seats = excluded.total_seats, categories = excluded.categories,
        discount_percent = excluded.discount_percent, description_it = excluded.description_it,
        description_en = excluded.description_en, city_id = excluded.city_id, lat = excluded.lat,
        lng = excluded.lng, source = excluded.source, updated_at = now()
      RETURNING id, (xmax = 0) AS inserted`.execute(db);
    written.push(...result.rows);
  }
  return written;
}

async function restaurantFacts(db: Db, ids: readonly string[]) {
  const facts = new Map<string, { timeZone: string; categories: string[] }>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom("restaurants")
      .select(["id", "time_zone", "categories"])
      .where("id", "in", unique.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) facts.set(row.id, { timeZone: row.time_zone, categories: row.categories });
  }
  return facts;
}
