import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, type Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { compiledOncePerShape } from "../../db/compiled-once";
import type { DB } from "../../db/schema";
import { CITY_COLUMNS, restaurantColumns, type CityRow, type RestaurantDetailRow } from "./restaurants.repository";

/** The searches' statements: a city's, around a point, and by type, each a page and its total. */

type Db = Kysely<DB> | Transaction<DB>;

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
  db: Db,
  filter: RestaurantFilter,
  page: PageRequest,
  order: "bestRated" | { nearest: RawBuilder<unknown> } = "bestRated",
) {
  return [
    pageRows(db, filter, page, order),
    filter.select((eb) => eb.fn.countAll<number>().as("total")).as("total"),
  ] as const;
}

/** The page of `pageColumns` alone, for a statement that takes its total from elsewhere. */
function pageRows(
  db: Db,
  filter: RestaurantFilter,
  page: PageRequest,
  order: "bestRated" | { nearest: RawBuilder<unknown> },
) {
  // As subqueries, the page's bounds are unknown to the plan whatever their values, so PostgreSQL
  // keeps the one plan it made for the statement instead of planning each search anew for its page
  // (decision 077).
  const limit = sql<number>`(SELECT ${page.limit}::int8)`;
  const offset = sql<number>`(SELECT ${page.offset}::int8)`;
  // Hours and zone come along for a search for a table, which derives each page's seatings from them.
  const columns = [...restaurantColumns, "r.opening_hours", "r.time_zone"] as const;
  if (order !== "bestRated") {
    const rows = filter.innerJoin("cities as c", "c.id", "r.city_id").select(columns);
    return jsonArrayFrom(rows.orderBy(order.nearest).orderBy("r.id").limit(limit).offset(offset)).as("rows");
  }
  // Best rated: the page's ids first, from the (city_id, rating, name, id) index with its cuisines
  // alone, then those twenty rows. A cuisine few of a large city's restaurants serve no longer reads
  // every row it skips (decision 077).
  const ids = filter.select("r.id").orderBy("r.rating", "desc").orderBy("r.name").orderBy("r.id");
  const rows = db
    .selectFrom("restaurants as r")
    .innerJoin("cities as c", "c.id", "r.city_id")
    .select(columns)
    .where("r.id", "in", ids.limit(limit).offset(offset));
  return jsonArrayFrom(rows.orderBy("r.rating", "desc").orderBy("r.name").orderBy("r.id")).as("rows");
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
  const found = await db.selectNoFrom(pageColumns(db, filter, page, order)).executeTakeFirstOrThrow();
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
    // A test the categories' GIN index cannot serve, on purpose: the city's rows filtered one by one
    // cost a third of intersecting them with every restaurant of the category (50,000 rows: 1–3 ms
    // against 5–7 ms, decision 056). `array_position` rather than `= ANY`: PostgreSQL has no
    // estimate for it whatever the cuisine, so the plan it makes once per connection costs what a
    // plan made for each cuisine would, and it keeps that one instead of planning every search anew
    // (0.3–0.4 ms, more than running it; decision 077).
    if (shape.startsWith("category"))
      filter = filter.where(sql<SqlBool>`array_position(r.categories, ${param("category")}::text) IS NOT NULL`);
    const order = shape.endsWith("nearest") ? nearestTo({ lat: param("lat"), lng: param("lng") }) : "bestRated";
    // The total as the database keeps it (migration 015): one probe, not a count of the city's rows.
    const total = db
      .selectFrom("city_restaurant_counts as k")
      .select("k.restaurants")
      .where("k.city_id", "=", sql.ref<number>("a.city_id"))
      .where("k.category", "=", shape.startsWith("category") ? param("category") : "");
    return db
      .selectFrom("city_aliases as a")
      .innerJoin("cities as c", "c.id", "a.city_id")
      .select(CITY_COLUMNS)
      .select(pageRows(db, filter, { limit: param("limit"), offset: param("offset") }, order))
      .select((eb) => eb.fn.coalesce(total, sql.lit(0)).as("total"))
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
