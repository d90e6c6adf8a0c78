import type { Kysely } from "kysely";
import { distanceKm } from "@tavolo/shared/geo";
import { normalizeSearchKey } from "@tavolo/shared/text";
import type { DB } from "../../db/schema";
import { findCityByKey, findCityBySlug, type CityRow } from "../restaurants/restaurants.repository";

/** How long a process trusts its copy of the cities: imports add cities rarely, and a miss asks the database. */
const REFRESH_MS = 60_000;

export interface NearbyCity extends CityRow {
  distanceKm: number;
}

/**
 * The cities (a hundred or so rows) kept in memory: resolving the typed name and finding the
 * neighbours within a radius cost no database trip on the hot offer lists.
 */
export function createCityDirectory(db: Kysely<DB>, now: () => number = Date.now) {
  let snapshot: { at: number; byKey: Map<string, CityRow>; all: CityRow[] } | undefined;
  let loading: Promise<NonNullable<typeof snapshot>> | undefined;

  async function load() {
    const [cities, aliases] = await Promise.all([
      db.selectFrom("cities").select(["id", "slug", "name_it", "name_en", "region", "lat", "lng"]).execute(),
      db.selectFrom("city_aliases").select(["key", "city_id"]).execute(),
    ]);
    const byId = new Map(cities.map((city) => [city.id, city]));
    const byKey = new Map<string, CityRow>();
    for (const alias of aliases) {
      const city = byId.get(alias.city_id);
      if (city) byKey.set(alias.key, city);
    }
    return { at: now(), byKey, all: cities };
  }

  async function current() {
    if (snapshot && now() - snapshot.at < REFRESH_MS) return snapshot;
    loading ??= load().finally(() => (loading = undefined));
    snapshot = await loading;
    return snapshot;
  }

  return {
    /** Any spelling of a city (Milano, Milan, MILANO); a name not in the copy is looked up afresh. */
    async find(name: string): Promise<CityRow | undefined> {
      const key = normalizeSearchKey(name);
      return (await current()).byKey.get(key) ?? findCityByKey(db, key);
    },

    /** A city by its slug (links, alerts); a slug not in the copy is looked up afresh. */
    async bySlug(slug: string): Promise<CityRow | undefined> {
      return (await current()).all.find((city) => city.slug === slug) ?? findCityBySlug(db, slug);
    },

    /** Other cities whose centre lies within `radiusKm` of this one's, nearest first. */
    async nearby(city: CityRow, radiusKm: number): Promise<NearbyCity[]> {
      return (await current()).all
        .filter((other) => other.id !== city.id)
        .map((other) => ({ ...other, distanceKm: distanceKm(city, other) }))
        .filter((other) => other.distanceKm <= radiusKm)
        .sort((a, b) => a.distanceKm - b.distanceKm);
    },
  };
}

export type CityDirectory = ReturnType<typeof createCityDirectory>;
