import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { importCatalog } from "./catalog-import";

const sample = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../../../docs/examples/catalog.sample.json"), "utf8"),
) as { restaurants: Record<string, unknown>[] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedRestaurants: 120 });
});
afterAll(() => t.close());

const count = async () =>
  (
    await t.database.db
      .selectFrom("restaurants")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

describe("catalogue import", () => {
  it("imports the documented sample, searchable by city alias", async () => {
    const before = await count();
    const result = await importCatalog(t.database.db, sample);
    expect(result).toEqual({ ok: true, cities: 0, restaurants: 1, tables: 3, offers: 0, newOfferIds: [] });
    expect(await count()).toBe(before + 1);
    const row = await t.database.db
      .selectFrom("restaurants")
      .select(["name", "type"])
      .where("name", "=", "Osteria della Darsena")
      .executeTakeFirst();
    expect(row).toEqual({ name: "Osteria della Darsena", type: "osteria" });
  });

  it("imports nothing when one record is bad, naming its index and field", async () => {
    const before = await count();
    const good = { ...sample.restaurants[0]!, name: "Buono" };
    const badHours = {
      ...sample.restaurants[0]!,
      openingHours: { ...(sample.restaurants[0]!.openingHours as object), monday: { open: "23:00", close: "12:00" } },
    };
    const result = await importCatalog(t.database.db, { restaurants: [good, good, badHours] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.where)).toContain("restaurants[2].openingHours.monday.close");
    expect(await count()).toBe(before);
  });

  it("refuses an unknown city and a wrong type, and changes nothing", async () => {
    const before = await count();
    const result = await importCatalog(t.database.db, {
      restaurants: [
        { ...sample.restaurants[0]!, city: "Atlantide" },
        { ...sample.restaurants[0]!, type: "kebab" },
      ],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.where)).toEqual(["restaurants[1].type"]);
    const second = await importCatalog(t.database.db, {
      restaurants: [{ ...sample.restaurants[0]!, city: "Atlantide" }],
    });
    expect(second.ok ? [] : second.problems).toEqual([
      { where: "restaurants[0].city", message: 'unknown city "Atlantide"' },
    ]);
    expect(await count()).toBe(before);
  });

  it("accepts a new city brought by the file", async () => {
    const result = await importCatalog(t.database.db, {
      cities: [
        {
          slug: "cortina-d-ampezzo",
          nameIt: "Cortina d'Ampezzo",
          nameEn: "Cortina d'Ampezzo",
          region: "Veneto",
          province: "BL",
          lat: 46.5405,
          lng: 12.1357,
          population: 5800,
          aliases: ["Cortina"],
        },
      ],
      restaurants: [{ ...sample.restaurants[0]!, city: "Cortina", name: "Baita Tofane" }],
    });
    expect(result.ok).toBe(true);
    const res = await t.app.inject("/api/client/searchRestaurantsByLocation?location=cortina");
    expect(res.statusCode).toBe(200);
    expect(res.json().restaurants.map((r: { name: string }) => r.name)).toEqual(["Baita Tofane"]);
  });
});
