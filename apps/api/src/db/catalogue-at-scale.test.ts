import type { CompiledQuery } from "kysely";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { addDays, dateInZone } from "@tavolo/shared/dates";
import { daySeatings } from "@tavolo/shared/reservation-slots";
import { bearer, register } from "../../test/auth-helpers";
import { capturingKysely, explainQuery, HOT_TABLES, type QueryPlan } from "../../test/query-plans";
import { useTestApp } from "../../test/test-app";
import { seed } from "../catalog/seed/seed";
import { indexLocations, readWholeSitemap, SITEMAP_LIMITS } from "../../test/sitemap-reader";
import { SITEMAP_ROWS_PER_FILE } from "../modules/seo/sitemap.service";

/**
 * The catalogue at its target scale (50,000 restaurants with their tables and offers, 100,000
 * reservations), loaded once for both checks of this file, on PostgreSQL only: plans are what
 * production runs, and PGlite would take minutes to load the data.
 * - Decision 013: every statement the hot routes really send is EXPLAINed, and none may read
 *   restaurants, their tables, offers or reservations sequentially.
 * - Decision 028: the sitemap lists every restaurant in both languages, no file past the protocol's
 *   50,000 URLs or 50 MB.
 */
const RESTAURANTS = 50_000;
const RESERVATIONS = 100_000;
const onPostgres = process.env.TAVOLO_TEST_DATABASE === "postgres";
const ORIGIN = "https://tavolo.example";

let queries: CompiledQuery[] = [];
const t = useTestApp({
  // Every read goes to the database: a cached answer would hide its query.
  env: { PUBLIC_CACHE_TTL_SECONDS: "0", APP_ORIGIN: ORIGIN },
  prepare: async (database) => {
    if (!onPostgres) return database;
    await seed(database.db, { restaurants: RESTAURANTS });
    await loadReservations(database.db);
    await sql`ANALYZE`.execute(database.db);
    const capturing = capturingKysely(database.pool);
    queries = capturing.queries;
    return { ...database, db: capturing.db };
  },
});

/** Diners and their past and future table bookings, one per table so none overlaps. */
async function loadReservations(db: Parameters<typeof seed>[0]): Promise<void> {
  await sql`
    INSERT INTO users (email, first_name) SELECT 'diner' || g || '@example.it', 'Diner' FROM generate_series(1, 2000) g`.execute(
    db,
  );
  await sql`
    WITH diners AS (SELECT array_agg(id) AS ids FROM users),
         picked AS (SELECT id, restaurant_id, row_number() OVER () AS n FROM restaurant_tables LIMIT ${RESERVATIONS})
    INSERT INTO reservations (user_id, restaurant_id, table_id, starts_at, ends_at, party_size, status)
    SELECT diners.ids[1 + picked.n % 2000], picked.restaurant_id, picked.id,
           date_trunc('day', now()) + (picked.n % 120 - 60) * interval '1 day' + interval '19 hours',
           date_trunc('day', now()) + (picked.n % 120 - 60) * interval '1 day' + interval '20 hours 30 minutes',
           2, CASE WHEN picked.n % 10 = 0 THEN 'pending' ELSE 'confirmed' END
      FROM picked, diners`.execute(db);
}

/** Runs `request` and returns the statements it sent (transaction control aside). */
async function statementsOf(request: () => Promise<{ statusCode: number; body: string }>, status: number) {
  queries.length = 0;
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  return queries.filter((query) => /^\s*(select|with|insert|update|delete)\b/i.test(query.sql));
}

describe.skipIf(!onPostgres)("hot query plans at 50,000 restaurants", () => {
  it("never scans restaurants, tables, offers or reservations sequentially", async () => {
    const db = t.database.pool;
    // A table free of the loaded bookings, in a restaurant open three days from now.
    const candidates = (
      await db.query<{ id: string; table_id: string; opening_hours: never; time_zone: string }>(
        `SELECT r.id, t.id AS table_id, r.opening_hours, r.time_zone FROM restaurants r
           JOIN restaurant_tables t ON t.restaurant_id = r.id AND t.active AND t.capacity >= 2
          WHERE NOT EXISTS (SELECT 1 FROM reservations x WHERE x.table_id = t.id) LIMIT 50`,
      )
    ).rows;
    const dateOf = (zone: string) => addDays(dateInZone(new Date(), zone), 3);
    const restaurant = candidates.find(
      (row) => daySeatings(row.opening_hours, row.time_zone, dateOf(row.time_zone)).length > 0,
    );
    const [offer] = (
      await db.query<{ id: string }>(
        "SELECT id FROM offers WHERE book_until_at > now() + interval '1 hour' AND available_seats >= 2 LIMIT 1",
      )
    ).rows;
    const date = dateOf(restaurant!.time_zone);
    const time = daySeatings(restaurant!.opening_hours, restaurant!.time_zone, date)[0]!.time;
    const account = await register(t.app);
    const auth = bearer(account.token);
    const get =
      (url: string, headers: Record<string, string> = {}) =>
      () =>
        t.app.inject({ method: "GET", url, headers });
    const post =
      (url: string, payload: object, headers: Record<string, string> = {}) =>
      () =>
        t.app.inject({ method: "POST", url, payload, headers: { ...auth, ...headers } });

    const hot: Record<string, CompiledQuery[]> = {
      search: await statementsOf(
        get("/api/client/searchRestaurantsByLocation?location=milano&category=pizza&page=2"),
        200,
      ),
      searchByGps: await statementsOf(
        get("/api/client/searchRestaurantsByLocation?lat=45.4642&lng=9.19&radius=50&category=pizza&page=2"),
        200,
      ),
      // A search for a table: the page's free times in one statement (decision 024).
      searchForTable: await statementsOf(
        get(`/api/client/searchRestaurantsByLocation?location=milano&date=${date}&time=20:00&people=4&page=2`),
        200,
      ),
      searchForTableByGps: await statementsOf(
        get(`/api/client/searchRestaurantsByLocation?lat=45.4642&lng=9.19&radius=5&date=${date}&time=20:00&people=2`),
        200,
      ),
      searchForTableByDistance: await statementsOf(
        get(
          `/api/client/searchRestaurantsByLocation?location=milano&lat=45.4642&lng=9.19&sort=distance&date=${date}&time=20:00&people=2`,
        ),
        200,
      ),
      slots: await statementsOf(get(`/api/client/getAvailableSlots/${restaurant!.id}?date=${date}&people=2`), 200),
      restaurant: await statementsOf(get(`/api/client/getRestaurantById/${restaurant!.id}`), 200),
      tables: await statementsOf(
        get(`/api/client/getAvailableTables/${restaurant!.id}?date=${date}&time=${time}&people=2`),
        200,
      ),
      offersByCity: await statementsOf(
        get("/api/client/getLastMinuteByCity?city=milano&includeNearbyCities=true&radius=35&category=pizza"),
        200,
      ),
      offersByGps: await statementsOf(get("/api/client/getAvailableLastMinute?lat=45.4642&lng=9.19&radius=25"), 200),
      offersAll: await statementsOf(get("/api/client/getAvailableLastMinute"), 200),
      offerById: await statementsOf(get(`/api/client/getLastMinuteById/${offer!.id}`), 200),
      makeReservation: await statementsOf(
        post(
          "/api/client/makeReservation",
          { restaurantId: restaurant!.id, tableId: restaurant!.table_id, date, time, numberOfPeople: 2 },
          { "idempotency-key": "plan-check-booking" },
        ),
        201,
      ),
      bookLastMinute: await statementsOf(
        post(
          "/api/client/bookLastMinute",
          { lastMinuteId: offer!.id, people: 2 },
          { "idempotency-key": "plan-check-offer" },
        ),
        201,
      ),
      history: await statementsOf(get(`/api/client/getUserReservations/${account.userId}`, auth), 200),
      // The sitemap (decision 028): the index walks each section's keys, a file reads one key range.
      sitemapIndex: await statementsOf(get("/sitemap.xml"), 200),
    };
    const sitemapFiles = indexLocations((await get("/sitemap.xml")()).body);
    const middle = (section: string) => {
      const files = sitemapFiles.filter((file) => file.includes(`/sitemaps/${section}.xml`));
      return (
        new URL(files[Math.floor(files.length / 2)]!).pathname + new URL(files[Math.floor(files.length / 2)]!).search
      );
    };
    expect(sitemapFiles.filter((file) => file.includes("/sitemaps/restaurants.xml")).length).toBeGreaterThan(2);
    hot.sitemapPages = await statementsOf(get(middle("pages")), 200);
    hot.sitemapRestaurants = await statementsOf(get(middle("restaurants")), 200);
    hot.sitemapOffers = await statementsOf(get(middle("offers")), 200);

    const scanning: string[] = [];
    for (const [route, statements] of Object.entries(hot)) {
      expect(statements.length, `${route} sent no SQL`).toBeGreaterThan(0);
      for (const statement of statements) {
        const plan: QueryPlan = await explainQuery(db, statement);
        const hotScans = plan.seqScans.filter((table) => (HOT_TABLES as readonly string[]).includes(table));
        if (hotScans.length > 0) scanning.push(`${route}: ${plan.sql}\n${plan.plan}`);
      }
    }
    expect(scanning, scanning.join("\n\n")).toEqual([]);
  });
});

describe.skipIf(!onPostgres)("sitemap at 50,000 restaurants", () => {
  it("lists every restaurant in Italian and English, in files under the protocol's limits", async () => {
    const { files, urls } = await readWholeSitemap(t.app);
    const restaurantFiles = files.filter((file) => file.includes("/sitemaps/restaurants.xml"));
    // 50,000 restaurants in files of 5,000: ten files of 10,000 URLs each.
    expect(restaurantFiles).toHaveLength(RESTAURANTS / SITEMAP_ROWS_PER_FILE);
    expect(2 * SITEMAP_ROWS_PER_FILE).toBeLessThan(SITEMAP_LIMITS.urls);

    const listed = new Set<string>();
    for (const { loc } of urls) {
      const match = /^https:\/\/tavolo\.example\/restaurants\/([\w-]+)\?lang=(it|en)$/.exec(loc);
      if (match) listed.add(`${match[1]} ${match[2]}`);
    }
    const ids = await t.database.db.selectFrom("restaurants").select("id").execute();
    expect(ids).toHaveLength(RESTAURANTS);
    const missing = ids.flatMap(({ id }) =>
      ["it", "en"].filter((lang) => !listed.has(`${id} ${lang}`)).map((lang) => `${id} ${lang}`),
    );
    expect(missing).toEqual([]);
    expect(listed.size).toBe(2 * RESTAURANTS);

    const live = await t.database.db
      .selectFrom("offers")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("book_until_at", ">", new Date())
      .executeTakeFirstOrThrow();
    expect(urls.filter((url) => url.loc.includes("/lastminute/")).length).toBe(2 * Number(live.count));
  });
});
