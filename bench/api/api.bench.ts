import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { dateInZone } from "@tavolo/shared/dates";
import {
  bookingLoads,
  byCityPaths,
  gpsPaths,
  prepareData,
  searchForTablePaths,
  searchPagePaths,
  searchPaths,
  writes,
} from "../lib/bench-data";
import { signInBenchUsers } from "../lib/bench-users";
import { BENCH_SECONDS, formatRow, measure, warmUp, type LoadResult } from "../lib/load";
import { startBenchServer, type Engine } from "../lib/server";
import { ensureBuild, WEB_DIST } from "../pages/pages.bench";

/**
 * The API bench (decision 013): every hot read and the booking writes (booking, moving, Last Minute), on PGlite and PostgreSQL with 50,000
 * restaurants, each against a hello-world route (/api/health) of the same server process in the
 * same run. Servers run as deployed (public read caches on). Targets apply on PostgreSQL; PGlite
 * figures are for information. BENCH_SECONDS shortens each measurement, BENCH_ENGINES picks engines.
 */
const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 50_000);
const ENGINES = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",") as Engine[];
/** BENCH_PORT moves the server off 3400 when another run may be using it. */
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const READ_CONNECTIONS = 32;
const WRITE_CONNECTIONS = 50;
const BENCH_USERS = 8;

/** Ratio to hello world each endpoint must reach on PostgreSQL (decision 013). */
const TARGETS = {
  search: 0.5,
  restaurant: 0.5,
  tables: 0.3,
  /** A search for a table in Milan, the largest city (decision 024; its p99 must also stay within 30 ms). */
  searchForTable: 0.3,
  slots: 0.4,
  offersByCity: 0.3,
  offersByGps: 0.3,
  makeReservation: 0.1,
  /** No target is set for it (decision 024): its req/s is reported beside makeReservation's. */
  modifyReservation: undefined,
  bookLastMinute: 0.1,
  /** The server-rendered pages, whole HTML (decisions 027 and 030); p99 within 25 ms too. */
  searchPage: 0.3,
  restaurantPage: 0.3,
} as const;
type Endpoint = keyof typeof TARGETS;

/** p99 latency targets, where one is set (decision 030). */
const P99_TARGETS_MS: Partial<Record<Endpoint, number>> = { searchPage: 25, restaurantPage: 25 };

export interface ApiBenchRow {
  engine: Engine;
  /** readsSerialized: the reads with the public caches off, for information (decision 020). */
  endpoint: Endpoint | "hello" | "readsSerialized";
  result: LoadResult;
  /** req/s over hello world's in the same run. */
  ratio: number;
  /** Only on PostgreSQL, where decision 013 sets the targets. */
  target: number | undefined;
  p99TargetMs?: number;
}

/** One read URL after another (search, restaurant, tables, offers by city and by GPS), so every connection meets them all. */
function interleave(lists: readonly (readonly string[])[]): string[] {
  const longest = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) => lists.map((list) => list[i]))
    .flat()
    .filter((path) => path !== undefined);
}

/**
 * Every answer runs through its route's response schema (decision 020), but the cached reads above
 * encode only on a miss. This line measures the same reads with the public caches off
 * (PUBLIC_CACHE_TTL_SECONDS=0), so each answer is queried, encoded by its schema and sent, against
 * hello world of that same process. No target: it shows what the serializer costs on the slow path.
 */
async function benchSerializedReads(engine: Engine, paths: readonly string[]): Promise<ApiBenchRow> {
  const server = await startBenchServer(engine, RESTAURANTS, PORT, { PUBLIC_CACHE_TTL_SECONDS: "0" });
  try {
    await warmUp(server.url, ["/api/health", ...paths.slice(0, 200)]);
    const hello = await measure({
      title: `${engine} · hello world, caches off`,
      baseUrl: server.url,
      paths: ["/api/health"],
    });
    const result = await measure({
      title: `${engine} · reads with caches off, every answer serialized by its schema, ${paths.length} URLs`,
      baseUrl: server.url,
      paths,
      connections: READ_CONNECTIONS,
    });
    console.log(formatRow(result, hello));
    const ratio = result.requestsPerSecond / hello.requestsPerSecond;
    return { engine, endpoint: "readsSerialized", result, ratio, target: undefined };
  } finally {
    await server.stop();
  }
}

async function benchEngine(engine: Engine): Promise<ApiBenchRow[]> {
  console.log(`\n== ${engine}: the API with ${RESTAURANTS.toLocaleString("en")} restaurants ==`);
  ensureBuild();
  const data = await prepareData(engine, RESTAURANTS, PORT);
  const server = await startBenchServer(engine, RESTAURANTS, PORT, {
    // Signing in the bench users must not meet the sign-in limits meant for real clients.
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "100000",
    AUTH_RATE_LIMIT_FAILURES_PER_IP: "100000",
    // The built app with its server entry: the rendered pages are measured too.
    WEB_DIST_DIR: WEB_DIST,
  });
  try {
    const users = await signInBenchUsers(server.url, BENCH_USERS);
    const reads: Record<
      Exclude<Endpoint, "makeReservation" | "modifyReservation" | "bookLastMinute">,
      readonly string[]
    > = {
      search: searchPaths,
      restaurant: data.restaurantPaths,
      tables: data.tablesPaths,
      searchForTable: searchForTablePaths(dateInZone(new Date(), DEFAULT_TIME_ZONE)),
      slots: data.slotsPaths,
      offersByCity: byCityPaths,
      offersByGps: gpsPaths,
      searchPage: searchPagePaths,
      restaurantPage: data.restaurantPaths.map((path) =>
        path.replace("/api/client/getRestaurantById/", "/restaurants/"),
      ),
    };
    await warmUp(server.url, ["/api/health", ...Object.values(reads).flat()]);
    const hello = await measure({
      title: `${engine} · hello world (/api/health)`,
      baseUrl: server.url,
      paths: ["/api/health"],
    });
    const rows: ApiBenchRow[] = [{ engine, endpoint: "hello", result: hello, ratio: 1, target: undefined }];
    const add = (endpoint: Endpoint, result: LoadResult) => {
      const target = engine === "postgres" ? TARGETS[endpoint] : undefined;
      const p99TargetMs = engine === "postgres" ? P99_TARGETS_MS[endpoint] : undefined;
      const ratio = result.requestsPerSecond / hello.requestsPerSecond;
      rows.push({ engine, endpoint, result, ratio, target, p99TargetMs });
    };
    for (const [endpoint, paths] of Object.entries(reads) as [Endpoint, readonly string[]][]) {
      // Pages live as long as catalogue answers: warmed again right before, as the reads were at start.
      if (endpoint.endsWith("Page")) await warmUp(server.url, paths);
      add(
        endpoint,
        await measure({
          title: `${engine} · ${endpoint}, ${paths.length} URLs`,
          baseUrl: server.url,
          paths,
          connections: READ_CONNECTIONS,
          // Pages are asked for as browsers do, accepting compression (they are sent brotli).
          headers: endpoint.endsWith("Page") ? { "accept-encoding": "gzip, deflate, br" } : undefined,
        }),
      );
    }
    const bookingWrites = bookingLoads(data, users, server.url);
    for (const [endpoint, writesOf] of bookingWrites) {
      add(
        endpoint,
        await measure({
          title: `${engine} · ${endpoint}, ${WRITE_CONNECTIONS} clients`,
          baseUrl: server.url,
          connections: WRITE_CONNECTIONS,
          requests: writes(await writesOf()),
        }),
      );
    }
    for (const row of rows)
      console.log(formatRow(row.result, row.endpoint === "hello" ? undefined : hello, row.target));
    await server.stop();
    // The API's reads only: that run has no web build (its pages are measured above, cached).
    const apiReads = Object.values(reads).map((paths) => paths.filter((path) => path.startsWith("/api/")));
    rows.push(await benchSerializedReads(engine, interleave(apiReads.filter((paths) => paths.length > 0))));
    return rows;
  } finally {
    await server.stop();
  }
}

export async function benchApi(): Promise<ApiBenchRow[]> {
  const rows: ApiBenchRow[] = [];
  for (const engine of ENGINES) rows.push(...(await benchEngine(engine)));
  console.log(`\n(${BENCH_SECONDS} s per measurement; set BENCH_SECONDS for a quicker or steadier run)`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchApi();
}
