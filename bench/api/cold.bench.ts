import { spawnSync } from "node:child_process";
import pg from "pg";
import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { dateInZone } from "@tavolo/shared/dates";
import {
  bookingLoads,
  prepareData,
  searchForTablePaths,
  searchPagePaths,
  searchPaths,
  writes,
  type BookingEndpoint,
} from "../lib/bench-data";
import { signInBenchUsers } from "../lib/bench-users";
import { BENCH_SECONDS, measure, warmUp, type LoadResult } from "../lib/load";
import { cpuText, withCpuPerAnswer, type CpuPerAnswer } from "../lib/process-cpu";
import { BENCH_DATABASE_PREFIX, startBenchServer, type Engine } from "../lib/server";
import { ensureBuild, WEB_DIST } from "../pages/pages.bench";

/**
 * The cold section (decision 041): the server as it is for most real searches, with every cache it
 * has for public answers and pages off (PUBLIC_CACHE_TTL_SECONDS=0), 8 connections, 2,400
 * restaurants (BENCH_COLD_RESTAURANTS=50000 or `--cold-restaurants=50000` for the large catalogue).
 * Reads are a ratio to /api/health of the same process in the same run; bookings a ratio to
 * pgbench's tpcb-like on the same PostgreSQL server in the same run. Targets on PostgreSQL; PGlite
 * for information. BENCH_COLD_ENGINES picks engines (default postgres,pglite).
 */
const flag = process.argv.find((arg) => arg.startsWith("--cold-restaurants="))?.split("=")[1];
const RESTAURANTS = Number(flag ?? process.env.BENCH_COLD_RESTAURANTS ?? 2_400);
const ENGINES = (process.env.BENCH_COLD_ENGINES ?? "postgres,pglite").split(",") as Engine[];
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const CONNECTIONS = 8;
/**
 * BENCH_COLD_ONLY=restaurantPage,searchPage: only these pieces (reads, booking endpoints, or
 * `shareCards`), each still paired with its yardstick; the machine is shared (decision 060).
 */
const ONLY = process.env.BENCH_COLD_ONLY?.split(",").map((name) => name.trim());
const wanted = (name: string) => !ONLY || ONLY.includes(name);

type ColdRead = "search" | "searchForTable" | "restaurant" | "searchPage" | "restaurantPage";
/** Ratio to hello world (reads) or to pgbench tpcb-like (bookings), and p99 where one is set. */
const TARGETS: Record<ColdRead | BookingEndpoint, { ratio: number; p99Ms?: number }> = {
  search: { ratio: 0.15 },
  searchForTable: { ratio: 0.1 },
  restaurant: { ratio: 0.25 },
  searchPage: { ratio: 0.05, p99Ms: 50 },
  restaurantPage: { ratio: 0.05, p99Ms: 50 },
  makeReservation: { ratio: 0.25, p99Ms: 150 },
  modifyReservation: { ratio: 0.25, p99Ms: 150 },
  bookLastMinute: { ratio: 0.25, p99Ms: 150 },
};
/** Share cards drawn for every id in turn must leave the health probe its answer within this. */
const HEALTH_P99_WHILE_CARDS_MS = 100;

export interface ColdBenchResult {
  lines: string[];
}

function line(
  engine: Engine,
  name: string,
  result: LoadResult & { cpu?: CpuPerAnswer },
  base: number,
  baseName: string,
  onTarget: boolean,
) {
  const target = TARGETS[name as ColdRead | BookingEndpoint];
  const ratio = result.requestsPerSecond / base;
  const failures = Object.entries(result.byStatus)
    .filter(([status]) => !status.startsWith("2"))
    .map(([status, { count }]) => `${status}×${count}`);
  const verdict = !onTarget
    ? "(information)"
    : `${ratio >= target.ratio ? "✔" : "✘"} ≥ ${target.ratio}` +
      (target.p99Ms === undefined ? "" : `, p99 ${result.p99Ms <= target.p99Ms ? "✔" : "✘"} ≤ ${target.p99Ms} ms`);
  return (
    `${engine.padEnd(8)} ${name.padEnd(17)} ${Math.round(result.requestsPerSecond).toString().padStart(6)}/s` +
    `  p99 ${String(result.p99Ms).padStart(4)} ms  ratio to ${baseName} ${ratio.toFixed(3)}  ${verdict}` +
    (failures.length > 0 || result.errors > 0 ? `  [${failures.join(" ")} errors ${result.errors}]` : "") +
    cpuText(result.cpu)
  );
}

/**
 * pgbench's tpcb-like on the bench's PostgreSQL server, 8 clients: the yardstick of a write
 * transaction on this machine at this moment. Its own database, initialised once (scale 8, so 8
 * clients do not all queue on one branch row).
 */
async function pgbenchTps(databaseUrl: string, seconds: number): Promise<number> {
  const url = new URL(databaseUrl);
  const name = `${BENCH_DATABASE_PREFIX}_pgbench`;
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = url.toString();
  const run = (args: string[]) => {
    const done = spawnSync("pgbench", [...args, target], { encoding: "utf8" });
    if (done.status !== 0) throw new Error(`pgbench ${args.join(" ")}: ${done.stderr}`);
    return done.stdout;
  };
  const probe = spawnSync("psql", [target, "-Atc", "SELECT count(*) FROM pgbench_branches"], { encoding: "utf8" });
  if (probe.status !== 0 || probe.stdout.trim() !== "8") run(["-i", "-q", "-s", "8"]);
  const out = run(["-b", "tpcb-like", "-c", String(CONNECTIONS), "-j", "2", "-T", String(seconds)]);
  const tps = /tps = ([\d.]+)/.exec(out)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps: ${out}`);
  return Number(tps);
}

/** Share cards of every restaurant in turn, beside the health probe: what a crawler cycling ids does. */
async function cardsBesideHealth(engine: Engine, url: string, cardPaths: string[]): Promise<string> {
  const [cards, health] = await Promise.all([
    measure({ title: "share cards", baseUrl: url, paths: cardPaths, connections: CONNECTIONS }),
    measure({ title: "health", baseUrl: url, paths: ["/api/health"], connections: 1 }),
  ]);
  const refused = cards.byStatus["503"]?.count ?? 0;
  const drawn = cards.byStatus["200"]?.count ?? 0;
  const other = cards.errors + cards.timeouts > 0 ? ` (errors ${cards.errors}, timeouts ${cards.timeouts})` : "";
  // A probe that got no answer at all is a failure, not a p99 of 0 ms.
  const answered = (health.byStatus["200"]?.count ?? 0) > 0;
  return (
    `${engine.padEnd(8)} share cards cycling ${cardPaths.length} ids: ${drawn} drawn, ${refused} × 503${other};` +
    (answered
      ? ` /api/health beside it p99 ${health.p99Ms} ms ${health.p99Ms < HEALTH_P99_WHILE_CARDS_MS ? "✔" : "✘"} < ${HEALTH_P99_WHILE_CARDS_MS} ms`
      : ` /api/health beside it ✘ no answer (errors ${health.errors}, timeouts ${health.timeouts})`)
  );
}

async function benchColdEngine(engine: Engine): Promise<string[]> {
  console.log(`\n== cold: ${engine}, ${RESTAURANTS.toLocaleString("en")} restaurants, caches off ==`);
  ensureBuild();
  const data = await prepareData(engine, RESTAURANTS, PORT);
  const server = await startBenchServer(engine, RESTAURANTS, PORT, {
    PUBLIC_CACHE_TTL_SECONDS: "0",
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "100000",
    AUTH_RATE_LIMIT_FAILURES_PER_IP: "100000",
    WEB_DIST_DIR: WEB_DIST,
  });
  const onTarget = engine === "postgres";
  const lines: string[] = [];
  const report = (text: string) => {
    console.log(text);
    lines.push(text);
  };
  try {
    const users = await signInBenchUsers(server.url, 8);
    const reads: Record<ColdRead, readonly string[]> = {
      search: searchPaths,
      searchForTable: searchForTablePaths(dateInZone(new Date(), DEFAULT_TIME_ZONE)),
      restaurant: data.restaurantPaths,
      searchPage: searchPagePaths,
      restaurantPage: data.restaurantPaths.map((path) =>
        path.replace("/api/client/getRestaurantById/", "/restaurants/"),
      ),
    };
    // Caches are off: this only gets the JIT and the pools going.
    const warmPaths = (Object.entries(reads) as [ColdRead, readonly string[]][])
      .filter(([name]) => wanted(name))
      .flatMap(([, paths]) => paths.slice(0, 40));
    await warmUp(server.url, ["/api/health", ...warmPaths]);
    // The machine is shared: each figure is paired with its yardstick measured right before it,
    // so a neighbour's burst moves both (hello world per read, pgbench per booking write).
    const helloNow = () =>
      withCpuPerAnswer(server.pid, false, () =>
        measure({ title: "hello", baseUrl: server.url, paths: ["/api/health"], connections: CONNECTIONS }),
      );
    const per = (rps: number, unit: string) => `${unit} ${Math.round(rps)}/s`;
    for (const [name, paths] of Object.entries(reads) as [ColdRead, readonly string[]][]) {
      if (!wanted(name)) continue;
      const hello = await helloNow();
      const result = await withCpuPerAnswer(server.pid, !!server.databaseUrl, () =>
        measure({
          title: name,
          baseUrl: server.url,
          paths,
          connections: CONNECTIONS,
          headers: name.endsWith("Page") ? { "accept-encoding": "gzip, deflate, br" } : undefined,
        }),
      );
      // Hello world's own API CPU beside it: the ratio of the two CPUs holds when the machine's speed moves.
      const yardstick = `${per(hello.requestsPerSecond, "hello")}${hello.cpu ? ` (API ${hello.cpu.apiMs.toFixed(3)} ms)` : ""}`;
      report(line(engine, name, result, hello.requestsPerSecond, yardstick, onTarget));
    }
    for (const [name, writesOf] of bookingLoads(data, users, server.url)) {
      if (!wanted(name)) continue;
      const requests = writes(await writesOf());
      // pgbench on the same server while the API is idle, right before the writes it is set against.
      const tps = server.databaseUrl ? await pgbenchTps(server.databaseUrl, BENCH_SECONDS) : undefined;
      const base = tps ?? (await helloNow()).requestsPerSecond;
      const result = await withCpuPerAnswer(server.pid, !!server.databaseUrl, () =>
        measure({ title: name, baseUrl: server.url, connections: CONNECTIONS, requests }),
      );
      report(line(engine, name, result, base, per(base, tps === undefined ? "hello" : "pgbench"), onTarget && !!tps));
    }
    if (!wanted("shareCards")) return lines;
    const ids = data.restaurantPaths.map((path) => path.split("/").pop()!);
    report(
      await cardsBesideHealth(
        engine,
        server.url,
        ids.map((id) => `/share/restaurants/${id}.png`),
      ),
    );
    return lines;
  } finally {
    await server.stop();
  }
}

export async function benchCold(): Promise<ColdBenchResult> {
  const lines: string[] = [];
  for (const engine of ENGINES) lines.push(...(await benchColdEngine(engine)));
  lines.push(`(${BENCH_SECONDS} s per measurement, ${CONNECTIONS} connections, ${RESTAURANTS} restaurants)`);
  return { lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines } = await benchCold();
  console.log(`\n==== Cold ====\n${lines.join("\n")}`);
}
