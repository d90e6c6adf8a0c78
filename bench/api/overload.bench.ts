import { ITALIAN_CITIES } from "../../apps/api/src/catalog/seed/italian-cities";
import { BENCH_SECONDS, measure, warmUp, type LoadResult } from "../lib/load";
import { startBenchServer } from "../lib/server";

/**
 * Overload (decision 013): find the concurrency at which search saturates the server (cache off, so every
 * request is a database trip), then send pipelined load at twice it to a server that admits that
 * many requests at once (MAX_IN_FLIGHT_REQUESTS): the excess must get a quick 503 + Retry-After,
 * and no request may time out.
 */
const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 50_000);
const PORT = 3420;
const CONCURRENCIES = [2, 4, 8, 16, 32, 64];

const paths = ITALIAN_CITIES.slice(0, 60).flatMap((city, i) =>
  ["pizza", "pesce", "carne"].map(
    (category, j) =>
      `/api/client/searchRestaurantsByLocation?location=${city.slug}&category=${category}&page=${1 + ((i + j) % 3)}`,
  ),
);

export interface OverloadReport {
  saturation: number;
  result: LoadResult;
  lines: string[];
}

async function findSaturation(): Promise<number> {
  const server = await startBenchServer("postgres", RESTAURANTS, PORT, {
    PUBLIC_CACHE_TTL_SECONDS: "0",
    MAX_IN_FLIGHT_REQUESTS: "0",
  });
  try {
    await warmUp(server.url, paths);
    const seconds = Math.max(2, Math.round(BENCH_SECONDS / 3));
    const rates: [number, number][] = [];
    for (const connections of CONCURRENCIES) {
      const result = await measure({
        title: "saturation",
        baseUrl: server.url,
        paths,
        connections,
        durationSeconds: seconds,
      });
      rates.push([connections, result.requestsPerSecond]);
      console.log(
        `  ${String(connections).padStart(3)} clients: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`,
      );
    }
    const best = Math.max(...rates.map(([, rate]) => rate));
    // Saturated: the fewest clients that already get 90 % of the best throughput.
    return rates.find(([, rate]) => rate >= 0.9 * best)![0];
  } finally {
    await server.stop();
  }
}

export async function benchOverload(): Promise<OverloadReport> {
  console.log(`\n== postgres: overload (search, cache off, ${RESTAURANTS.toLocaleString("en")} restaurants) ==`);
  const saturation = await findSaturation();
  const server = await startBenchServer("postgres", RESTAURANTS, PORT, {
    PUBLIC_CACHE_TTL_SECONDS: "0",
    MAX_IN_FLIGHT_REQUESTS: String(saturation),
  });
  try {
    await warmUp(server.url, paths);
    const result = await measure({
      title: "overload",
      baseUrl: server.url,
      paths,
      connections: saturation,
      pipelining: 2,
    });
    const total = Object.values(result.byStatus).reduce((sum, { count }) => sum + count, 0);
    const shed = result.byStatus["503"] ?? { count: 0, p99Ms: 0 };
    const served = result.byStatus["200"] ?? { count: 0, p99Ms: 0 };
    const lines = [
      `saturation at ${saturation} concurrent requests; load ${saturation} connections × 2 pipelined; MAX_IN_FLIGHT_REQUESTS=${saturation}`,
      `${Math.round(result.requestsPerSecond)} answers/s: ${((100 * shed.count) / Math.max(1, total)).toFixed(1)} % 503 (p99 ${shed.p99Ms} ms), 200 p99 ${served.p99Ms} ms`,
      `timeouts ${result.timeouts} ${result.timeouts === 0 ? "✔" : "✘"} target 0; 503 p99 ${shed.p99Ms <= served.p99Ms ? "✔" : "✘"} ≤ 200 p99`,
    ];
    for (const line of lines) console.log(line);
    return { saturation, result, lines };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchOverload();
}
