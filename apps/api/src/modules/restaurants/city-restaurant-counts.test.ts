import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { cityIdsBySlug, upsertRestaurants } from "./catalog-writes.repository";
import { restaurantIn } from "../../../test/catalog-helpers";
import { useTestApp } from "../../../test/test-app";

/**
 * A city search's total comes from the counts the database keeps with every write of restaurants
 * (migration 015, decision 077). These write restaurants every way there is and compare the kept
 * counts with a count of the rows, and the search's total with both.
 */
// Caches off: the rows are written here, past the routes that clear them.
const t = useTestApp({ seedRestaurants: 60, env: { PUBLIC_CACHE_TTL_SECONDS: "0" } });

type Counts = Record<string, number>;

async function keptCounts(): Promise<Counts> {
  const { rows } = await sql<{ city_id: number; category: string; restaurants: number }>`
    SELECT city_id, category, restaurants FROM city_restaurant_counts WHERE restaurants <> 0`.execute(t.database.db);
  return Object.fromEntries(rows.map((row) => [`${row.city_id}/${row.category}`, row.restaurants]));
}

async function countedCounts(): Promise<Counts> {
  const { rows } = await sql<{ city_id: number; category: string; n: number }>`
    SELECT r.city_id, c.category, count(*)::int AS n
      FROM restaurants r CROSS JOIN LATERAL (SELECT '' UNION SELECT unnest(r.categories)) c(category)
     GROUP BY r.city_id, c.category`.execute(t.database.db);
  return Object.fromEntries(rows.map((row) => [`${row.city_id}/${row.category}`, row.n]));
}

async function expectCountsKept(): Promise<void> {
  expect(await keptCounts()).toEqual(await countedCounts());
}

async function searchTotal(city: string, category = "all"): Promise<number> {
  const response = await t.app.inject({
    url: `/api/client/searchRestaurantsByLocation?location=${city}&category=${category}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ total: number }>().total;
}

describe("the counts behind a city search's total", () => {
  it("are those of the seeded catalogue, in the search and in the list of cities", async () => {
    await expectCountsKept();
    expect(await searchTotal("milano")).toBeGreaterThan(0);
    const counted = await countedCounts();
    const response = await t.app.inject({ url: "/api/client/getAllAvailableCities" });
    const listed = response.json<{ cities: { slug: string; restaurantCount: number }[] }>().cities;
    const ids = await cityIdsBySlug(t.database.db);
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.map((city) => city.restaurantCount)).toEqual(listed.map((city) => counted[`${ids.get(city.slug)}/`]));
    expect(listed.length).toBe(Object.keys(counted).filter((key) => key.endsWith("/")).length);
  });

  it("follow inserts, imports over existing rows, changes of cuisine and city, and deletions", async () => {
    const cities = await cityIdsBySlug(t.database.db);
    const before = { milano: await searchTotal("milano"), sushi: await searchTotal("milano", "sushi") };
    // A cuisine named twice counts once.
    const [first, second] = await upsertRestaurants(
      t.database.db,
      [
        restaurantIn("milano", "Conta Uno", ["sushi", "sushi", "etnico"]),
        restaurantIn("milano", "Conta Due", ["pizza"]),
      ],
      cities,
    );
    await expectCountsKept();
    expect(await searchTotal("milano")).toBe(before.milano + 2);
    expect(await searchTotal("milano", "sushi")).toBe(before.sushi + 1);

    // The import again, one restaurant now in Rome and the other now a sushi bar: an upsert is an update.
    await upsertRestaurants(
      t.database.db,
      [
        { ...restaurantIn("roma", "Conta Uno", ["sushi"]), id: first! },
        { ...restaurantIn("milano", "Conta Due", ["sushi", "pizza"]), id: second! },
      ],
      cities,
    );
    await expectCountsKept();
    expect(await searchTotal("milano")).toBe(before.milano + 1);
    expect(await searchTotal("milano", "sushi")).toBe(before.sushi + 1);

    await sql`UPDATE restaurants SET categories = '{vegano}' WHERE id = ${second!}`.execute(t.database.db);
    await expectCountsKept();
    expect(await searchTotal("milano", "sushi")).toBe(before.sushi);

    await sql`DELETE FROM restaurants WHERE id IN (${first!}, ${second!})`.execute(t.database.db);
    await expectCountsKept();
    expect(await searchTotal("milano")).toBe(before.milano);
  });

  it("say 0 for a cuisine the city has none of, as a count would", async () => {
    await sql`DELETE FROM restaurants r USING cities c WHERE c.id = r.city_id AND c.slug = 'milano' AND 'vegano' = ANY(r.categories)`.execute(
      t.database.db,
    );
    await expectCountsKept();
    expect(await searchTotal("milano", "vegano")).toBe(0);
  });

  it("stay exact when imports of one city run at once", async () => {
    const cities = await cityIdsBySlug(t.database.db);
    const before = await searchTotal("torino");
    // Each import in its own transaction, all started before any commits where the engine allows it.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.database.db.transaction().execute(async (trx) => {
          await upsertRestaurants(
            trx,
            [
              restaurantIn("torino", `Corsa ${i} A`, ["pizza"]),
              restaurantIn("torino", `Corsa ${i} B`, ["carne", "pizza"]),
            ],
            cities,
          );
          await sql`SELECT pg_sleep(0.05)`.execute(trx);
        }),
      ),
    );
    await expectCountsKept();
    expect(await searchTotal("torino")).toBe(before + 12);
  });
});
