import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { SEARCH_CATEGORIES } from "@tavolo/shared/categories";
import { createTestDatabase } from "../../../test/test-database";
import type { Database } from "../../db/database";
import { seed, seedIfEmpty } from "./seed";
import { ITALIAN_CITIES } from "./italian-cities";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe("first-start seed", () => {
  it("loads the 100 cities and at least 2,000 restaurants over at least 30 cities", async () => {
    const report = await seedIfEmpty(database, { restaurants: 2_400 });
    expect(report).toMatchObject({ cities: 100, restaurants: 2_400 });
    const cities = await sql<{ n: number }>`SELECT count(DISTINCT city_id)::int AS n FROM restaurants`.execute(
      database.db,
    );
    expect(cities.rows[0]!.n).toBeGreaterThanOrEqual(30);
  });

  it("has every search category in each of the ten biggest cities", async () => {
    const top10 = ITALIAN_CITIES.slice(0, 10).map((c) => c.slug);
    const rows = await sql<{ slug: string; category: string }>`
      SELECT DISTINCT c.slug, unnest(r.categories) AS category
      FROM restaurants r JOIN cities c ON c.id = r.city_id
      WHERE c.slug = ANY(${top10})`.execute(database.db);
    for (const slug of top10) {
      const present = new Set(rows.rows.filter((r) => r.slug === slug).map((r) => r.category));
      expect(
        [...SEARCH_CATEGORIES].filter((c) => !present.has(c)),
        slug,
      ).toEqual([]);
    }
  });

  it("does nothing on a second start, and re-seeding is idempotent", async () => {
    expect(await seedIfEmpty(database, { restaurants: 2_400 })).toBeNull();
    await seed(database.db, { restaurants: 2_400 });
    const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM restaurants`.execute(database.db);
    expect(n.rows[0]!.n).toBe(2_400);
  });
});
