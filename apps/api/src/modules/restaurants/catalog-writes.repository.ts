import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { normalizeSearchKey } from "@tavolo/shared/text";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import type { DB } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

export interface CityInput {
  slug: string;
  nameIt: string;
  nameEn: string;
  region: string;
  province: string;
  lat: number;
  lng: number;
  population: number;
  aliases: readonly string[];
}

export interface TableInput {
  number: number;
  capacity: number;
  active?: boolean;
}

export interface RestaurantInput {
  id?: string;
  citySlug: string;
  name: string;
  type: string;
  categories: readonly string[];
  descriptionIt: string;
  descriptionEn: string;
  address: string;
  phone: string;
  imageKey: string;
  rating: number;
  priceRange: number;
  openingHours: OpeningHours;
  timeZone: string;
  lat: number;
  lng: number;
  autoConfirm: boolean;
  tables: readonly TableInput[];
}

/** Rows per statement: the whole batch travels as one JSON parameter, far below any size limit. */
const CHUNK = 2_000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Inserts or updates cities by slug and registers every spelling of their names for search. */
export async function upsertCities(db: Db, cities: readonly CityInput[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(cities)) {
    const rows = await db
      .insertInto("cities")
      .values(
        batch.map((c) => ({
          slug: c.slug,
          name_it: c.nameIt,
          name_en: c.nameEn,
          region: c.region,
          province: c.province,
          lat: c.lat,
          lng: c.lng,
          population: c.population,
        })),
      )
      .onConflict((oc) =>
        oc.column("slug").doUpdateSet((eb) => ({
          name_it: eb.ref("excluded.name_it"),
          name_en: eb.ref("excluded.name_en"),
          region: eb.ref("excluded.region"),
          province: eb.ref("excluded.province"),
          lat: eb.ref("excluded.lat"),
          lng: eb.ref("excluded.lng"),
          population: eb.ref("excluded.population"),
        })),
      )
      .returning(["id", "slug"])
      .execute();
    for (const row of rows) ids.set(row.slug, row.id);
  }
  const aliases = new Map<string, number>();
  for (const city of cities) {
    const id = ids.get(city.slug)!;
    for (const name of [city.slug.replace(/-/g, " "), city.nameIt, city.nameEn, ...city.aliases]) {
      const key = normalizeSearchKey(name);
      if (key && !aliases.has(key)) aliases.set(key, id);
    }
  }
  for (const batch of chunks([...aliases])) {
    await db
      .insertInto("city_aliases")
      .values(batch.map(([key, city_id]) => ({ key, city_id })))
      .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ city_id: eb.ref("excluded.city_id") })))
      .execute();
  }
  return ids;
}

export async function cityIdsBySlug(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom("cities").select(["id", "slug"]).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/**
 * Inserts restaurants (or updates them when their id exists) with their tables, batched through
 * jsonb_populate_recordset so 50,000 rows take seconds, on PGlite as on PostgreSQL.
 */
export async function upsertRestaurants(
  db: Db,
  restaurants: readonly RestaurantInput[],
  cityIds: ReadonlyMap<string, number>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const batch of chunks(restaurants)) {
    const rows = batch.map((r) => {
      const cityId = cityIds.get(r.citySlug);
      if (cityId === undefined) throw new Error(`Unknown city slug ${r.citySlug}`);
      return {
        id: r.id ?? randomUUID(),
        city_id: cityId,
        name: r.name,
        type: r.type,
        categories: r.categories,
        description_it: r.descriptionIt,
        description_en: r.descriptionEn,
        address: r.address,
        phone: r.phone,
        image_key: r.imageKey,
        rating: r.rating,
        price_range: r.priceRange,
        opening_hours: r.openingHours,
        time_zone: r.timeZone,
        lat: r.lat,
        lng: r.lng,
        auto_confirm: r.autoConfirm,
        tables: r.tables,
      };
    });
    await sql`
      INSERT INTO restaurants (id, city_id, name, type, categories, description_it, description_en, address, phone,
                               image_key, rating, price_range, opening_hours, time_zone, lat, lng, auto_confirm)
      SELECT id, city_id, name, type, categories, description_it, description_en, address, phone,
             image_key, rating, price_range, opening_hours, time_zone, lat, lng, auto_confirm
      FROM jsonb_populate_recordset(NULL::restaurants, ${JSON.stringify(rows)}::jsonb)
      ON CONFLICT (id) DO UPDATE SET
        city_id = excluded.city_id, name = excluded.name, type = excluded.type, categories = excluded.categories,
        description_it = excluded.description_it, description_en = excluded.description_en,
        address = excluded.address, phone = excluded.phone, image_key = excluded.image_key,
        rating = excluded.rating, price_range = excluded.price_range, opening_hours = excluded.opening_hours,
        time_zone = excluded.time_zone, lat = excluded.lat, lng = excluded.lng,
        auto_confirm = excluded.auto_confirm, updated_at = now()`.execute(db);
    const tables = rows.flatMap((r) =>
      r.tables.map((t) => ({ restaurant_id: r.id, number: t.number, capacity: t.capacity, active: t.active ?? true })),
    );
    for (const tableBatch of chunks(tables, 10_000)) {
      await sql`
        INSERT INTO restaurant_tables (restaurant_id, number, capacity, active)
        SELECT restaurant_id, number, capacity, active
        FROM jsonb_populate_recordset(NULL::restaurant_tables, ${JSON.stringify(tableBatch)}::jsonb)
        ON CONFLICT (restaurant_id, number) DO UPDATE SET capacity = excluded.capacity, active = excluded.active`.execute(
        db,
      );
    }
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
