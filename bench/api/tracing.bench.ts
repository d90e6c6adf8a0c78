import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { openDatabase } from "../../apps/api/src/db/database";
import { BENCH_SECONDS, measure, warmUp, type LoadResult } from "../lib/load";
import { benchDatabase, startBenchServer } from "../lib/server";

/**
 * What tracing costs (decision 048): the same server on PostgreSQL with OTEL_EXPORTER_OTLP_ENDPOINT
 * unset, then set (every request sampled, spans exported to an OTLP/HTTP sink in this process that
 * accepts and discards them). Hello world is a routed answer with no query (an unknown API path's
 * 404; /api/health is never traced), the read one restaurant with the caches off (a server span
 * and its query spans). Each line gives tracing on over off, same run. Information, no target.
 */
const RESTAURANTS = Number(process.env.BENCH_COLD_RESTAURANTS ?? 2_400);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const CONNECTIONS = 8;

export interface TracingBenchResult {
  lines: string[];
}

async function restaurantPaths(): Promise<string[]> {
  const database = await openDatabase({ ...(await benchDatabase("postgres", RESTAURANTS)), poolSize: 1 });
  try {
    const { rows } = await database.pool.query<{ id: string }>(
      "SELECT id FROM restaurants ORDER BY md5(id::text) LIMIT 2000",
    );
    return rows.map((row) => `/api/client/getRestaurantById/${row.id}`);
  } finally {
    await database.close();
  }
}

/** An OTLP/HTTP endpoint that takes every batch and keeps nothing, counting the spans' bytes. */
async function startSink(): Promise<{ endpoint: string; bytes: () => number; close(): void }> {
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on("data", (chunk: Buffer) => (bytes += chunk.length));
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytes: () => bytes,
    close: () => server.close(),
  };
}

export async function benchTracing(): Promise<TracingBenchResult> {
  console.log(`\n== tracing off and on: postgres, ${RESTAURANTS.toLocaleString("en")} restaurants, caches off ==`);
  // The first start seeds an empty bench database.
  await (await startBenchServer("postgres", RESTAURANTS, PORT)).stop();
  const reads = await restaurantPaths();
  const sink = await startSink();
  const loads = { hello: ["/api/client/no-such-call"], restaurant: reads };
  const results: Record<"off" | "on", Record<keyof typeof loads, LoadResult>> = {} as never;
  try {
    for (const mode of ["off", "on"] as const) {
      const server = await startBenchServer("postgres", RESTAURANTS, PORT, {
        PUBLIC_CACHE_TTL_SECONDS: "0",
        ...(mode === "on" ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint, OTEL_SERVICE_NAME: "tavolo-bench" } : {}),
      });
      try {
        await warmUp(server.url, reads.slice(0, 200));
        const hello = await measure({
          title: `hello, tracing ${mode}`,
          baseUrl: server.url,
          paths: loads.hello,
          connections: CONNECTIONS,
        });
        const restaurant = await measure({
          title: `restaurant, tracing ${mode}`,
          baseUrl: server.url,
          paths: loads.restaurant,
          connections: CONNECTIONS,
        });
        results[mode] = { hello, restaurant };
      } finally {
        await server.stop();
      }
    }
  } finally {
    sink.close();
  }
  const lines = (Object.keys(loads) as (keyof typeof loads)[]).map((name) => {
    const off = results.off[name];
    const on = results.on[name];
    return (
      `${name.padEnd(10)} off ${Math.round(off.requestsPerSecond).toString().padStart(6)}/s p99 ${off.p99Ms} ms` +
      `  on ${Math.round(on.requestsPerSecond).toString().padStart(6)}/s p99 ${on.p99Ms} ms` +
      `  on/off ${(on.requestsPerSecond / off.requestsPerSecond).toFixed(3)}`
    );
  });
  lines.push(
    `spans exported: ${(sink.bytes() / 1024 / 1024).toFixed(1)} MB of OTLP/JSON in ${BENCH_SECONDS * 2} s traced`,
  );
  for (const line of lines) console.log(line);
  return { lines };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTracing();
