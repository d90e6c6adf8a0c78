import { SEARCH_CATEGORIES } from "@tavolo/shared/categories";
import { ITALIAN_CITIES } from "../../apps/api/src/db/seed/italian-cities";
import { findCityByKey, searchRestaurantsInCity } from "../../apps/api/src/modules/restaurants/restaurants.repository";
import { captureQueries } from "../lib/captured-queries";
import { explain } from "../lib/explain";
import { formatRow, measure, warmUp, type LoadResult } from "../lib/load";
import { startBenchServer, type Engine } from "../lib/server";

/**
 * Issue 2 bench: the API with 50,000 restaurants; a hello-world route (/api/health) of the same
 * server against searchRestaurantsByLocation over a spread of cities, cuisines, pages and
 * languages. Prints req/s, p99 and the ratio, then the EXPLAIN of the search queries.
 */
const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 50_000);
const TARGET_RATIO = 0.3;
const engines = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",") as Engine[];

const searchPaths = ITALIAN_CITIES.slice(0, 60).flatMap((city, i) =>
  ["all", ...SEARCH_CATEGORIES].map(
    (category, j) =>
      `/api/client/searchRestaurantsByLocation?location=${encodeURIComponent(i % 2 ? city.nameEn : city.nameIt)}&category=${category}&page=${1 + ((i + j) % 3)}`,
  ),
);

export async function benchSearch(): Promise<LoadResult[][]> {
  const all: LoadResult[][] = [];
  for (const engine of engines) {
    console.log(
      `\n== ${engine}: the API with ${RESTAURANTS.toLocaleString("en")} restaurants (the first run seeds them) ==`,
    );
    // Steady state with the 30 s catalogue cache (decision 004), then every request a database trip.
    for (const cacheTtl of ["30", "0"]) {
      const server = await startBenchServer(engine, RESTAURANTS, 3400, { PUBLIC_CACHE_TTL_SECONDS: cacheTtl });
      try {
        await warmUp(server.url, ["/api/health", ...searchPaths]);
        const hello = await measure({
          title: `${engine} · hello world (/api/health)`,
          baseUrl: server.url,
          paths: ["/api/health"],
        });
        const search = await measure({
          title: `${engine} · search, ${searchPaths.length} URLs, cache ${cacheTtl === "0" ? "off" : "30 s"}`,
          baseUrl: server.url,
          paths: searchPaths,
        });
        console.log(formatRow(hello));
        console.log(formatRow(search, hello, engine === "postgres" && cacheTtl !== "0" ? TARGET_RATIO : undefined));
        all.push([hello, search]);
      } finally {
        await server.stop();
      }
    }
  }
  if (engines.includes("postgres")) await explainSearch();
  return all;
}

async function explainSearch(): Promise<void> {
  const server =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const url = new URL(server);
  url.pathname = `/tavolo_bench_${RESTAURANTS}`;
  const queries = await captureQueries(url.toString(), async (db) => {
    const city = await findCityByKey(db, "milano");
    await searchRestaurantsInCity(db, city!.id, "pizza", { limit: 20, offset: 20 });
  });
  let seqScans = 0;
  for (const query of queries) {
    const { plan, seqScans: scans } = await explain(url.toString(), query.sql, [...query.parameters]);
    seqScans += scans.filter((table) => table === "restaurants").length;
    console.log(`\nEXPLAIN ${query.sql}\n${plan}`);
  }
  console.log(`\nSequential scans of restaurants in the search queries: ${seqScans} ${seqScans === 0 ? "✔" : "✘"}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchSearch();
}
