import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { ITALIAN_CITIES } from "../../apps/api/src/db/seed/italian-cities";
import { generateOffers } from "../../apps/api/src/db/seed/offer-generator";
import type { DB } from "../../apps/api/src/db/schema";
import { upsertOffers } from "../../apps/api/src/modules/offers/offer-writes.repository";
import { createCityDirectory } from "../../apps/api/src/modules/offers/city-directory";
import { listLiveOffersInCities, listLiveOffersNear } from "../../apps/api/src/modules/offers/offers.repository";
import { captureQueries } from "../lib/captured-queries";
import { explain } from "../lib/explain";
import { formatRow, measure, warmUp, type LoadResult } from "../lib/load";
import { startBenchServer } from "../lib/server";

/**
 * Issue 6 bench: Last Minute reads on PostgreSQL with 50,000 restaurants and their offers, against
 * a hello-world route (/api/health) of the same server in the same run: as deployed (lists kept five
 * seconds, decision 009) and with every request a database trip. Then the EXPLAIN of the queries the
 * API sends: no sequential scan of offers or restaurants.
 */
const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 50_000);
const TARGET_RATIO = 0.25;
/** The search bench uses 3400 and the reservations bench 3410. */
const PORT = Number(process.env.BENCH_OFFERS_PORT ?? 3415);
const CATEGORIES = ["all", "pizza", "pesce", "carne", "vegetariano"];

/** Deterministic jitter, so every run asks the same spread of points. */
function jitter(i: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return (x - Math.floor(x) - 0.5) * 0.1;
}

const byCityPaths = ITALIAN_CITIES.slice(0, 60).flatMap((city, i) =>
  [10, 20, 35].map(
    (radius, j) =>
      `/api/client/getLastMinuteByCity?city=${encodeURIComponent(i % 2 ? city.nameEn : city.nameIt)}&includeNearbyCities=true&radius=${radius}&category=${CATEGORIES[(i + j) % CATEGORIES.length]}`,
  ),
);

const gpsPaths = ITALIAN_CITIES.slice(0, 40).flatMap((city, i) =>
  [2, 5, 10, 25, 50].map(
    (radius, j) =>
      `/api/client/getAvailableLastMinute?lat=${(city.lat + jitter(i * 7 + j)).toFixed(5)}&lng=${(city.lng + jitter(i * 13 + j)).toFixed(5)}&radius=${radius}&category=${CATEGORIES[(i + j) % CATEGORIES.length]}`,
  ),
);

function openDb(databaseUrl: string): Kysely<DB> {
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
  });
}

/**
 * The bench database may predate offers: give its restaurants today's demo offers (as the seed
 * would) when none is live, so the lists have real work to do.
 */
async function ensureLiveOffers(databaseUrl: string): Promise<number> {
  const db = openDb(databaseUrl);
  try {
    const live = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM offers WHERE book_until_at > now() + interval '30 minutes'`.execute(db);
    if (live.rows[0]!.n < RESTAURANTS / 10) {
      const restaurants = await db
        .selectFrom("restaurants as r")
        .innerJoin("cities as c", "c.id", "r.city_id")
        .select(["r.id", "c.slug as citySlug", "r.time_zone as timeZone"])
        .orderBy("c.slug")
        .orderBy("r.id")
        .execute();
      await db.transaction().execute((trx) => upsertOffers(trx, generateOffers(restaurants, new Date())));
      await sql`ANALYZE offers`.execute(db);
    }
    const total = await sql<{ n: number; live: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE book_until_at > now())::int AS live FROM offers`.execute(db);
    console.log(
      `${total.rows[0]!.n.toLocaleString("en")} offers in the database, ${total.rows[0]!.live.toLocaleString("en")} live`,
    );
    return total.rows[0]!.live;
  } finally {
    await db.destroy();
  }
}

export async function benchOffers(): Promise<LoadResult[]> {
  console.log(`\n== postgres: Last Minute offers with ${RESTAURANTS.toLocaleString("en")} restaurants ==`);
  const results: LoadResult[] = [];
  let databaseUrl: string | undefined;
  // As deployed (lists kept 5 s, decision 009), then every request a database trip.
  for (const cacheTtl of ["30", "0"]) {
    const server = await startBenchServer("postgres", RESTAURANTS, PORT, { PUBLIC_CACHE_TTL_SECONDS: cacheTtl });
    try {
      databaseUrl = server.databaseUrl!;
      if (cacheTtl !== "0") await ensureLiveOffers(databaseUrl);
      await warmUp(server.url, ["/api/health", ...byCityPaths, ...gpsPaths]);
      const cache = cacheTtl === "0" ? "cache off" : "lists cached 5 s";
      const hello = await measure({
        title: "postgres · hello world (/api/health)",
        baseUrl: server.url,
        paths: ["/api/health"],
      });
      const byCity = await measure({
        title: `postgres · getLastMinuteByCity + nearby, ${byCityPaths.length} URLs, ${cache}`,
        baseUrl: server.url,
        paths: byCityPaths,
      });
      const gps = await measure({
        title: `postgres · getAvailableLastMinute GPS, ${gpsPaths.length} URLs, ${cache}`,
        baseUrl: server.url,
        paths: gpsPaths,
      });
      console.log(formatRow(hello));
      console.log(formatRow(byCity, hello, TARGET_RATIO));
      console.log(formatRow(gps, hello, TARGET_RATIO));
      results.push(hello, byCity, gps);
    } finally {
      await server.stop();
    }
  }
  if (databaseUrl) await explainOffers(databaseUrl);
  return results;
}

async function explainOffers(databaseUrl: string): Promise<void> {
  const now = new Date();
  const queries = await captureQueries(databaseUrl, async (db) => {
    // The city and its neighbours come from the in-memory directory; only the offer lists are SQL.
    const cities = createCityDirectory(db);
    const milano = (await cities.find("milano"))!;
    const nearby = await cities.nearby(milano, 35);
    await listLiveOffersInCities(db, {
      cityIds: [milano.id, ...nearby.map((city) => city.id)],
      chosenCityId: milano.id,
      centre: milano,
      category: "pizza",
      now,
      limit: 50,
    });
    await listLiveOffersNear(db, { lat: 45.4642, lng: 9.19, radiusKm: 50, category: undefined, now, limit: 50 });
    await listLiveOffersNear(db, { lat: 41.9, lng: 12.5, radiusKm: 10, category: "pesce", now, limit: 50 });
  });
  const hot = new Set(["offers", "restaurants"]);
  let seqScans = 0;
  // The directory's two loads (every city and alias, once a minute) are not per request.
  for (const query of queries.filter((q) => /from "offers"/.test(q.sql))) {
    const { plan, seqScans: scans } = await explain(databaseUrl, query.sql, [...query.parameters]);
    seqScans += scans.filter((table) => hot.has(table)).length;
    console.log(`\nEXPLAIN ${query.sql}\n${plan}`);
  }
  console.log(
    `\nSequential scans of offers or restaurants in the Last Minute queries: ${seqScans} ${seqScans === 0 ? "✔" : "✘"}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchOffers();
}
