import type { Kysely } from "kysely";
import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import type { Database } from "../../db/database";
import type { DB } from "../../db/schema";
import {
  upsertCities,
  upsertRestaurants,
  type RestaurantInput,
} from "../../modules/restaurants/catalog-writes.repository";
import { upsertOffers } from "../../modules/offers/offer-writes.repository";
import { ITALIAN_CITIES } from "./italian-cities";
import { generateOffers } from "./offer-generator";
import { generateRestaurants, restaurantsPerCity, type SeedRestaurant } from "./restaurant-generator";

export interface SeedOptions {
  /** Demo restaurants spread over the cities by population. */
  restaurants: number;
  /** The moment demo Last Minute offers are generated around (default: now). */
  now?: Date;
  /** Told the new offers once they are committed, to alert the diners waiting for their city. */
  announce?: (offerIds: string[]) => Promise<unknown>;
}

export interface SeedReport {
  cities: number;
  restaurants: number;
  tables: number;
  offers: number;
}

/** Seeds a database that has no cities yet (a first start); does nothing otherwise. */
export async function seedIfEmpty(database: Database, options: SeedOptions): Promise<SeedReport | null> {
  const row = await database.db
    .selectFrom("cities")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return row.n > 0 ? null : seed(database.db, options);
}

/** The 100 largest Italian cities and a deterministic set of demo restaurants, in one transaction. */
export async function seed(db: Kysely<DB>, options: SeedOptions): Promise<SeedReport> {
  const { report, newOfferIds } = await db.transaction().execute(async (trx) => {
    const cityIds = await upsertCities(trx, ITALIAN_CITIES);
    const perCity = restaurantsPerCity(options.restaurants, ITALIAN_CITIES);
    const restaurants: RestaurantInput[] = ITALIAN_CITIES.flatMap((city) =>
      generateRestaurants(city, perCity.get(city.slug) ?? 0).map((r) => toInput(r, city.slug)),
    );
    await upsertRestaurants(trx, restaurants, cityIds);
    const offers = generateOffers(
      restaurants.map((r) => ({ id: r.id!, citySlug: r.citySlug, timeZone: r.timeZone, openingHours: r.openingHours })),
      options.now ?? new Date(),
    );
    const written = await upsertOffers(trx, offers);
    return {
      report: {
        cities: cityIds.size,
        restaurants: restaurants.length,
        tables: restaurants.reduce((sum, r) => sum + r.tables.length, 0),
        offers: offers.length,
      },
      newOfferIds: written.filter((offer) => offer.inserted).map((offer) => offer.id),
    };
  });
  await options.announce?.(newOfferIds);
  return report;
}

function toInput(r: SeedRestaurant, citySlug: string): RestaurantInput {
  return {
    id: r.id,
    citySlug,
    name: r.name,
    type: r.type,
    categories: r.categories,
    descriptionIt: r.descriptionIt,
    descriptionEn: r.descriptionEn,
    address: r.address,
    phone: r.phone,
    imageKey: r.imageKey,
    rating: r.rating,
    priceRange: r.priceRange,
    openingHours: r.openingHours,
    timeZone: DEFAULT_TIME_ZONE,
    lat: r.lat,
    lng: r.lng,
    autoConfirm: r.autoConfirm,
    tables: r.tables,
  };
}

/**
 * On a later start, demo offers of a past day are no use to anyone: when the seed's offers have
 * all expired, the same demo restaurants get their next services'. Imported offers are never touched; booked
 * demo offers stay (their bookings name them), the others are replaced.
 */
export async function refreshDemoOffers(
  db: Kysely<DB>,
  options: { now?: Date; announce?: SeedOptions["announce"] } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const newOfferIds = await db.transaction().execute(async (trx) => {
    const state = await trx
      .selectFrom("offers")
      .select((eb) => [
        eb.fn.countAll<number>().as("all"),
        eb.fn.count<number>("id").filterWhere("book_until_at", ">", now).as("live"),
      ])
      .where("source", "=", "seed")
      .executeTakeFirstOrThrow();
    if (Number(state.all) === 0 || Number(state.live) > 0) return [];
    const restaurants = await trx
      .selectFrom("restaurants as r")
      .innerJoin("cities as c", "c.id", "r.city_id")
      .select(["r.id", "c.slug as citySlug", "r.time_zone as timeZone", "r.opening_hours as openingHours"])
      .where("r.id", "in", (eb) => eb.selectFrom("offers").select("restaurant_id").where("source", "=", "seed"))
      .orderBy("c.slug")
      .orderBy("r.id")
      .execute();
    await trx
      .deleteFrom("offers")
      .where("source", "=", "seed")
      .where("book_until_at", "<=", now)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("reservations").select("id").whereRef("reservations.offer_id", "=", "offers.id"))),
      )
      .execute();
    const written = await upsertOffers(trx, generateOffers(restaurants, now));
    return written.filter((offer) => offer.inserted).map((offer) => offer.id);
  });
  await options.announce?.(newOfferIds);
  return newOfferIds.length;
}
