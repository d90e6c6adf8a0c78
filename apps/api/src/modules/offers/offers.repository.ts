import { sql, type Kysely, type SqlBool, type Transaction } from "kysely";
import type { DB } from "../../db/schema";
import {
  dinerWithStoredAnswer,
  bookingFirstRead,
  type DinerAndKeyParams,
} from "../reservations/idempotency.repository";

type Db = Kysely<DB> | Transaction<DB>;

/** An offer with what a diner sees of its restaurant and city. */
export interface OfferViewRow {
  id: string;
  restaurant_id: string;
  city_id: number;
  offer_date: string;
  start_time: string;
  end_time: string;
  book_until: string;
  book_until_at: Date;
  total_seats: number;
  available_seats: number;
  categories: string[];
  discount_percent: number | null;
  description_it: string;
  description_en: string;
  lat: number;
  lng: number;
  restaurant_name: string;
  image_key: string;
  address: string;
  time_zone: string;
  city_slug: string;
  city_name_it: string;
  city_name_en: string;
  /** Metres from the point the list was asked around; null when there is none. */
  distance_m: number | null;
}

const earthOf = (lat: number, lng: number) => sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;
const offerEarth = sql`o.earth_point`;

const offerColumns = [
  "o.id",
  "o.restaurant_id",
  "o.city_id",
  "o.offer_date",
  "o.start_time",
  "o.end_time",
  "o.book_until",
  "o.book_until_at",
  "o.total_seats",
  "o.available_seats",
  "o.categories",
  "o.discount_percent",
  "o.description_it",
  "o.description_en",
  "o.lat",
  "o.lng",
] as const;

/** Offers with the distance from a point (metres), or null without one. */
function offerRows(db: Db, origin?: { lat: number; lng: number }) {
  return db
    .selectFrom("offers as o")
    .select(offerColumns)
    .select(
      (origin
        ? sql<number | null>`earth_distance(${earthOf(origin.lat, origin.lng)}, ${offerEarth})`
        : sql<number | null>`NULL::float8`
      ).as("distance_m"),
    );
}
type OfferRows = ReturnType<typeof offerRows>;

/** Live = still bookable at `now` and not sold out; optionally of one cuisine. */
function live(query: OfferRows, now: Date, category: string | undefined): OfferRows {
  const bookable = query.where("o.book_until_at", ">", now).where("o.available_seats", ">", 0);
  return category ? bookable.where("o.categories", "@>", sql<string[]>`ARRAY[${category}]::text[]`) : bookable;
}

/** What a diner sees of an offer's restaurant and city (`r`, `c`). */
const PLACE_COLUMNS = [
  "r.name as restaurant_name",
  "r.image_key",
  "r.address",
  "r.time_zone",
  "c.slug as city_slug",
  "c.name_it as city_name_it",
  "c.name_en as city_name_en",
] as const;

/**
 * Adds what a diner sees of the restaurant and city. Lists pick and LIMIT their offers first (from
 * the offers indexes alone) and only then visit restaurants, so a wide radius over thousands of
 * live offers still joins just the fifty returned.
 */
function withPlaces(db: Db, offers: OfferRows) {
  return db
    .selectFrom(offers.as("o"))
    .innerJoin("restaurants as r", "r.id", "o.restaurant_id")
    .innerJoin("cities as c", "c.id", "o.city_id")
    .selectAll("o")
    .select(PLACE_COLUMNS);
}

/**
 * Live offers within `radiusKm` of a point, nearest first. The GiST index on (earth point,
 * deadline) answers the box and the deadline and hands rows over nearest first (KNN), so the scan
 * stops at the limit; earth_distance then trims the box's corners to the exact circle.
 */
export function listLiveOffersNear(
  db: Db,
  query: { lat: number; lng: number; radiusKm: number; category: string | undefined; now: Date; limit: number },
): Promise<OfferViewRow[]> {
  const origin = earthOf(query.lat, query.lng);
  const metres = query.radiusKm * 1000;
  const nearest = live(offerRows(db, query), query.now, query.category)
    .where(sql<SqlBool>`earth_box(${origin}, ${metres}::float8) @> ${offerEarth}`)
    .where(sql<SqlBool>`earth_distance(${origin}, ${offerEarth}) <= ${metres}::float8`)
    .orderBy(sql`${offerEarth} <-> ${origin}`)
    .limit(query.limit);
  return withPlaces(db, nearest).orderBy("o.distance_m").orderBy("o.id").execute();
}

/** Every live offer anywhere, most urgent first (getAvailableLastMinute without coordinates). */
export function listLiveOffers(
  db: Db,
  query: { category: string | undefined; now: Date; limit: number },
): Promise<OfferViewRow[]> {
  const urgent = live(offerRows(db), query.now, query.category)
    .orderBy("o.book_until_at")
    .orderBy("o.id")
    .limit(query.limit);
  return withPlaces(db, urgent).orderBy("o.book_until_at").orderBy("o.id").execute();
}

/**
 * Live offers of some cities: the chosen one first, then its neighbours; most urgent first within
 * each. The (city_id, book_until_at) index serves every city of the list.
 */
export function listLiveOffersInCities(
  db: Db,
  query: {
    cityIds: readonly number[];
    chosenCityId: number;
    centre: { lat: number; lng: number };
    category: string | undefined;
    now: Date;
    limit: number;
  },
): Promise<OfferViewRow[]> {
  const first = (alias: string) => sql`${sql.ref(`${alias}.city_id`)} <> ${query.chosenCityId}`;
  const picked = live(offerRows(db, query.centre), query.now, query.category)
    .where("o.city_id", "in", query.cityIds)
    .orderBy(first("o"))
    .orderBy("o.book_until_at")
    .orderBy("o.id")
    .limit(query.limit);
  return withPlaces(db, picked).orderBy(first("o")).orderBy("o.book_until_at").orderBy("o.id").execute();
}

export function findOfferView(db: Db, id: string): Promise<OfferViewRow | undefined> {
  return withPlaces(db, offerRows(db).where("o.id", "=", id)).executeTakeFirst();
}

/** Why a booking took nothing: the offer's deadline and seats as they are now, and whether the diner still exists. */
export function findOfferState(db: Db, id: string, userId: string) {
  return db
    .selectFrom("offers")
    .select([
      "book_until_at",
      "available_seats",
      sql<boolean>`EXISTS (SELECT 1 FROM users WHERE id = ${userId})`.as("diner_exists"),
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

interface OfferBookingParams extends DinerAndKeyParams {
  offerId: string;
}

const buildOfferBookingContext = (
  db: Db,
  param: <K extends keyof OfferBookingParams>(name: K) => OfferBookingParams[K],
) =>
  dinerWithStoredAnswer(db, param)
    .leftJoin("offers as o", (join) => join.on("o.id", "=", param("offerId")))
    .leftJoin("restaurants as r", "r.id", "o.restaurant_id")
    .leftJoin("cities as c", "c.id", "o.city_id")
    .select(offerColumns)
    .select([
      sql<null>`NULL::float8`.as("distance_m"),
      "o.starts_at",
      "o.ends_at",
      ...PLACE_COLUMNS,
      // The booking's view shows the restaurant's own place and cuisines (reservation-views).
      "r.lat as restaurant_lat",
      "r.lng as restaurant_lng",
      "r.categories as restaurant_categories",
    ]);

/**
 * Everything an offer booking needs before its one statement (decision 074), in one read: the offer
 * as its answer shows it (`id` null: no such offer), what the booking's answer and mail show of its
 * restaurant and of the diner, and the answer the Idempotency-Key already has. Undefined: no diner.
 */
export const findOfferBookingContext = bookingFirstRead<
  OfferBookingParams,
  ReturnType<typeof buildOfferBookingContext>
>(buildOfferBookingContext);
