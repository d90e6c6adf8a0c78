import type { Kysely } from "kysely";
import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import type { Database } from "../database";
import type { DB } from "../schema";
import {
  upsertCities,
  upsertRestaurants,
  type RestaurantInput,
} from "../../modules/restaurants/catalog-writes.repository";
import { ITALIAN_CITIES } from "./italian-cities";
import { generateRestaurants, restaurantsPerCity, type SeedRestaurant } from "./restaurant-generator";

export interface SeedOptions {
  /** Demo restaurants spread over the cities by population. */
  restaurants: number;
}

export interface SeedReport {
  cities: number;
  restaurants: number;
  tables: number;
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
  return db.transaction().execute(async (trx) => {
    const cityIds = await upsertCities(trx, ITALIAN_CITIES);
    const perCity = restaurantsPerCity(options.restaurants, ITALIAN_CITIES);
    const restaurants: RestaurantInput[] = ITALIAN_CITIES.flatMap((city) =>
      generateRestaurants(city, perCity.get(city.slug) ?? 0).map((r) => toInput(r, city.slug)),
    );
    await upsertRestaurants(trx, restaurants, cityIds);
    return {
      cities: cityIds.size,
      restaurants: restaurants.length,
      tables: restaurants.reduce((sum, r) => sum + r.tables.length, 0),
    };
  });
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
