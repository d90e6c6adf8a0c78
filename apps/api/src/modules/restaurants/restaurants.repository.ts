import { type Kysely, type Selectable, type Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { compiledOnce } from "../../db/compiled-once";
import type { CitiesTable, DB, RestaurantsTable, RestaurantTablesTable } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

// The rows below are the tables' own columns (db/schema.ts), picked, never restated.
type Restaurant = Selectable<RestaurantsTable>;

export type CityRow = Pick<Selectable<CitiesTable>, "id" | "slug" | "name_it" | "name_en" | "region" | "lat" | "lng">;

export type RestaurantRow = Pick<
  Restaurant,
  | "id"
  | "name"
  | "type"
  | "categories"
  | "description_it"
  | "description_en"
  | "address"
  | "phone"
  | "image_key"
  | "rating"
  | "price_range"
  | "lat"
  | "lng"
> & {
  city_slug: string;
  city_name_it: string;
  city_name_en: string;
};

export type RestaurantDetailRow = RestaurantRow & Pick<Restaurant, "opening_hours" | "time_zone">;

export type TableRow = Pick<Selectable<RestaurantTablesTable>, "id" | "number" | "capacity" | "active">;

export const restaurantColumns = [
  "r.id",
  "r.name",
  "r.type",
  "r.categories",
  "r.description_it",
  "r.description_en",
  "r.address",
  "r.phone",
  "r.image_key",
  "r.rating",
  "r.price_range",
  "r.lat",
  "r.lng",
  "c.slug as city_slug",
  "c.name_it as city_name_it",
  "c.name_en as city_name_en",
] as const;

export const CITY_COLUMNS = ["c.id", "c.slug", "c.name_it", "c.name_en", "c.region", "c.lat", "c.lng"] as const;

export async function findCityByKey(db: Db, key: string): Promise<CityRow | undefined> {
  return db
    .selectFrom("city_aliases as a")
    .innerJoin("cities as c", "c.id", "a.city_id")
    .select(CITY_COLUMNS)
    .where("a.key", "=", key)
    .executeTakeFirst();
}

export async function findCityBySlug(db: Db, slug: string): Promise<CityRow | undefined> {
  return db.selectFrom("cities as c").select(CITY_COLUMNS).where("c.slug", "=", slug).executeTakeFirst();
}

export async function findRestaurantById(db: Db, id: string): Promise<RestaurantDetailRow | undefined> {
  return db
    .selectFrom("restaurants as r")
    .innerJoin("cities as c", "c.id", "r.city_id")
    .select([...restaurantColumns, "r.opening_hours", "r.time_zone"])
    .where("r.id", "=", id)
    .executeTakeFirst();
}

type RestaurantWithTables = RestaurantDetailRow & { tables: TableRow[] };

// Built and compiled once per process: the detail answer's one statement (decision 068).
const restaurantWithTables = compiledOnce<{ id: string }, RestaurantWithTables>((db, param) =>
  db
    .selectFrom("restaurants as r")
    .innerJoin("cities as c", "c.id", "r.city_id")
    .select([...restaurantColumns, "r.opening_hours", "r.time_zone"])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("restaurant_tables as t")
          .select(["t.id", "t.number", "t.capacity", "t.active"])
          .whereRef("t.restaurant_id", "=", "r.id")
          .orderBy("t.number"),
      ).as("tables"),
    )
    .where("r.id", "=", param("id")),
);

/**
 * A restaurant and all its tables in one round trip (decision 041): the detail answer, the
 * restaurant page and the free tables each need both, and on a cold cache that trip is most of
 * their cost.
 */
export async function findRestaurantWithTables(db: Db, id: string): Promise<RestaurantWithTables | undefined> {
  return (await restaurantWithTables(db, { id }))[0];
}

export async function restaurantExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom("restaurants").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** The cities with restaurants, most populous first (then by name), with how many each has (migration 015). */
export async function listCitiesWithRestaurants(db: Db) {
  return db
    .selectFrom("cities as c")
    .innerJoin("city_restaurant_counts as k", (join) =>
      join.onRef("k.city_id", "=", "c.id").on("k.category", "=", "").on("k.restaurants", ">", 0),
    )
    .select(["c.slug", "c.name_it", "c.name_en", "c.region", "c.lat", "c.lng", "k.restaurants as restaurant_count"])
    .orderBy("c.population", "desc")
    .orderBy("c.slug")
    .execute();
}
