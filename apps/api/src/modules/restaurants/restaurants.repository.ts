import {
  sql,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { compiledOnce, compiledOncePerShape } from "../../db/compiled-once";
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

const CITY_COLUMNS = ["c.id", "c.slug", "c.name_it", "c.name_en", "c.region", "c.lat", "c.lng"] as const;

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

export interface PageRequest {
  limit: number;
  offset: number;
}

type RestaurantFilter = SelectQueryBuilder<DB & { r: DB["restaurants"] }, "r", object>;

/**
 * One page of restaurants matching `filter` and the filter's total, as two columns of one
 * statement (decision 056): best rated first, or nearest to a point first (`nearest` is the
 * distance expression the GiST index orders by). On a cold cache the round trips, not the
 * sub-millisecond plans, were the search's cost. The page comes back as a JSON array in its order
 * (the subquery's ORDER BY, as `jsonArrayFrom` relies on); JSON spells numbers, arrays and jsonb
 * as the driver's own parsers do, so the rows are those a plain SELECT gave.
 */
function pageColumns(
  filter: RestaurantFilter,
  page: PageRequest,
  order: "bestRated" | { nearest: RawBuilder<unknown> } = "bestRated",
) {
  // Hours and zone come along for a search for a table, which derives each page's seatings from them.
  const rows = filter
    .innerJoin("cities as c", "c.id", "r.city_id")
    .select([...restaurantColumns, "r.opening_hours", "r.time_zone"]);
  const ordered =
    order === "bestRated" ? rows.orderBy("r.rating", "desc").orderBy("r.name") : rows.orderBy(order.nearest);
  return [
    jsonArrayFrom(ordered.orderBy("r.id").limit(page.limit).offset(page.offset)).as("rows"),
    filter.select((eb) => eb.fn.countAll<number>().as("total")).as("total"),
  ] as const;
}

export interface RestaurantPage {
  rows: RestaurantDetailRow[];
  total: number;
}

/** A page and its total in one statement that reads no table of its own. */
async function pageOfRestaurants(
  db: Db,
  filter: RestaurantFilter,
  page: PageRequest,
  order?: "bestRated" | { nearest: RawBuilder<unknown> },
): Promise<RestaurantPage> {
  const found = await db.selectNoFrom(pageColumns(filter, page, order)).executeTakeFirstOrThrow();
  return { rows: found.rows as RestaurantDetailRow[], total: Number(found.total) };
}

/** A point the diner gave, to order by. */
export interface Position {
  lat: number;
  lng: number;
}

const earthPoint = (position: Position) => sql`ll_to_earth(${position.lat}::float8, ${position.lng}::float8)`;
const restaurantPoint = sql`ll_to_earth(r.lat, r.lng)`;
const nearestTo = (position: Position) => ({ nearest: sql`${restaurantPoint} <-> ${earthPoint(position)}` });

/**
 * The city a search names (by any of its aliases) with one page of its restaurants and their total,
 * in one round trip (decision 056); undefined when no city has that key. The (city_id, rating DESC,
 * name, id) index serves the best rated order; nearest to a position first, the city's rows are
 * sorted by distance (a city is a few thousand).
 */
export async function searchRestaurantsInCity(
  db: Db,
  cityKey: string,
  category: string | undefined,
  page: PageRequest,
  nearTo?: Position,
): Promise<(RestaurantPage & { city: CityRow }) | undefined> {
  const shape: CityPageShape = `${category ? "category" : "all"}-${nearTo ? "nearest" : "bestRated"}`;
  const [found] = await cityPage(db, shape, {
    cityKey,
    category: category ?? "",
    ...page,
    ...(nearTo ?? { lat: 0, lng: 0 }),
  });
  if (!found) return undefined;
  const { rows, total, ...city } = found;
  return { city, rows: rows as RestaurantDetailRow[], total: Number(total) };
}

type CityPageShape = `${"category" | "all"}-${"nearest" | "bestRated"}`;
type CityPageValues = PageRequest & Position & { cityKey: string; category: string };

// Built and compiled once per process and shape: every search for a city asks it (decision 068).
const cityPage = compiledOncePerShape<CityPageShape, CityPageValues, CityRow & { rows: unknown; total: unknown }>(
  (db, param, shape) => {
    let filter = db.selectFrom("restaurants as r").where("r.city_id", "=", sql.ref<number>("a.city_id"));
    // `= ANY`, which the categories' GIN index cannot serve, on purpose: the city's rows filtered one
    // by one cost a third of intersecting them with every restaurant of the category (50,000 rows:
    // 1–3 ms against 5–7 ms, decision 056).
    if (shape.startsWith("category"))
      filter = filter.where(sql<SqlBool>`${param("category")}::text = ANY(r.categories)`);
    const order = shape.endsWith("nearest") ? nearestTo({ lat: param("lat"), lng: param("lng") }) : "bestRated";
    return db
      .selectFrom("city_aliases as a")
      .innerJoin("cities as c", "c.id", "a.city_id")
      .select(CITY_COLUMNS)
      .select(pageColumns(filter, { limit: param("limit"), offset: param("offset") }, order))
      .where("a.key", "=", param("cityKey"));
  },
);

/**
 * Restaurants within `radiusKm` of a point, nearest first (a GPS search without a city). The GiST
 * index on ll_to_earth(lat, lng) answers the box and hands rows over nearest first (KNN);
 * earth_distance trims the box's corners to the exact circle.
 */
export function searchRestaurantsNear(
  db: Db,
  near: Position & { radiusKm: number },
  category: string | undefined,
  page: PageRequest,
  order: "nearest" | "bestRated" = "nearest",
) {
  const origin = earthPoint(near);
  const metres = near.radiusKm * 1000;
  let filter = db
    .selectFrom("restaurants as r")
    .where(sql<SqlBool>`earth_box(${origin}, ${metres}::float8) @> ${restaurantPoint}`)
    .where(sql<SqlBool>`earth_distance(${origin}, ${restaurantPoint}) <= ${metres}::float8`);
  if (category) filter = filter.where("r.categories", "@>", sql<string[]>`ARRAY[${category}]::text[]`);
  return pageOfRestaurants(db, filter, page, order === "nearest" ? nearestTo(near) : "bestRated");
}

export function listRestaurantsByType(db: Db, type: string, page: PageRequest) {
  return pageOfRestaurants(db, db.selectFrom("restaurants as r").where("r.type", "=", type), page);
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

export async function listCitiesWithRestaurants(db: Db) {
  return db
    .selectFrom("cities as c")
    .innerJoin(
      (eb) =>
        eb
          .selectFrom("restaurants")
          .select(["city_id", (e) => e.fn.countAll<number>().as("restaurant_count")])
          .groupBy("city_id")
          .as("counts"),
      (join) => join.onRef("counts.city_id", "=", "c.id"),
    )
    .select(["c.slug", "c.name_it", "c.name_en", "c.region", "c.lat", "c.lng", "counts.restaurant_count"])
    .orderBy("c.population", "desc")
    .execute();
}
