import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../test/test-database";
import { compiledOnce } from "./compiled-once";
import type { Database } from "./database";

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const city = (slug: string, region: string) => ({
    slug,
    name_it: slug,
    name_en: slug,
    region,
    province: slug.slice(0, 2).toUpperCase(),
    lat: 45,
    lng: 9,
    population: 1,
  });
  await database.db
    .insertInto("cities")
    .values([
      city("bergamo", "Lombardia"),
      city("brescia", "Lombardia"),
      city("como", "Lombardia"),
      city("catania", "Sicilia"),
      city("palermo", "Sicilia"),
    ])
    .execute();
});
afterAll(() => drop());

describe("compiledOnce (decision 068)", () => {
  it("builds once, fills each call's parameters and keeps the constants the builder wrote", async () => {
    const build = vi.fn();
    const citiesOfRegion = compiledOnce<{ region: string; after: string }, { slug: string }>((db, param) => {
      build();
      return db
        .selectFrom("cities")
        .select("slug")
        .where("region", "=", param("region"))
        .where("slug", ">", param("after"))
        .where("slug", "<>", "no-such-city")
        .orderBy("slug")
        .limit(2);
    });
    const direct = (region: string, after: string) =>
      database.db
        .selectFrom("cities")
        .select("slug")
        .where("region", "=", region)
        .where("slug", ">", after)
        .orderBy("slug")
        .limit(2)
        .execute();

    const lombardy = await citiesOfRegion(database.db, { region: "Lombardia", after: "bergamo" });
    const sicily = await citiesOfRegion(database.db, { region: "Sicilia", after: "catania" });
    expect(lombardy).toEqual([{ slug: "brescia" }, { slug: "como" }]);
    expect(lombardy).toEqual(await direct("Lombardia", "bergamo"));
    expect(sicily).toEqual(await direct("Sicilia", "catania"));
    expect(sicily).not.toEqual(lombardy);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
