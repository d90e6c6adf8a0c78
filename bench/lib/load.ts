import { createRequire } from "node:module";
import autocannon from "autocannon";

/**
 * autocannon keeps every response body as a string (`body += chunk`, a UTF-8 decode) for checks
 * this bench never asks for (verifyBody, expectBody, onResponse). JSON is ASCII and decodes at
 * ~1 µs per KB, but a compressed page is binary: ≈ 18 µs per KB, 450 µs per search page on the
 * load generator's one thread, more than the server spends sending it (decision 030). The bench
 * counts bodies without decoding them; BENCH_DECODE_BODIES=1 measures as autocannon does by itself.
 */
if (process.env.BENCH_DECODE_BODIES !== "1") {
  const queue = createRequire(import.meta.url)("autocannon/lib/pipelinedRequestsQueue.js") as {
    prototype: { addBody(data: Buffer): void };
  };
  queue.prototype.addBody = () => {};
}

/** Seconds per measurement; BENCH_SECONDS=3 gives a quick, rougher run for trying things. */
export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export interface LoadResult {
  title: string;
  requestsPerSecond: number;
  /** Answers received in the whole run. */
  answers: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Answers and their p99 latency, per HTTP status. */
  byStatus: Record<string, { count: number; p99Ms: number }>;
}

export interface LoadOptions {
  title: string;
  baseUrl: string;
  /** GET paths cycled through by every connection, so caches see a realistic spread of keys. */
  paths?: readonly string[];
  /** Or any requests (writes with setupRequest); used instead of `paths`. */
  requests?: autocannon.Request[];
  connections?: number;
  /** Requests each connection sends without waiting for the answers (overload). */
  pipelining?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
}

function percentile99(sorted: number[]): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  const latencies = new Map<number, number[]>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections ?? 32,
        pipelining: options.pipelining ?? 1,
        duration: options.durationSeconds ?? BENCH_SECONDS,
        headers: options.headers ?? {},
        requests: options.requests ?? (options.paths ?? []).map((path) => ({ method: "GET" as const, path })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    // Per-status latencies: under overload the 503s and the successes have very different p99s.
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      const list = latencies.get(statusCode) ?? [];
      list.push(responseTime);
      latencies.set(statusCode, list);
    });
  });
  const byStatus = Object.fromEntries(
    [...latencies].map(([status, times]) => {
      times.sort((a, b) => a - b);
      return [String(status), { count: times.length, p99Ms: Math.round(percentile99(times)) }];
    }),
  );
  return {
    title: options.title,
    requestsPerSecond: result.requests.average,
    answers: result.requests.total,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    byStatus,
  };
}

/** Visits every path once (8 at a time), then a short burst, so JIT, pools and caches are hot. */
export async function warmUp(baseUrl: string, paths: readonly string[]): Promise<void> {
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift())
        await (await fetch(baseUrl + path)).arrayBuffer();
    }),
  );
  await measure({ title: "warm-up", baseUrl, paths, durationSeconds: 2, connections: 16 });
}

/** A line of the report: the figures, the ratio to hello world and the target with ✔/✘. */
export function formatRow(result: LoadResult, baseline?: LoadResult, target?: number): string {
  const ratio = baseline ? result.requestsPerSecond / baseline.requestsPerSecond : undefined;
  const verdict =
    ratio === undefined || target === undefined ? "" : `  ${ratio >= target ? "✔" : "✘"} target ≥ ${target}`;
  const statuses = Object.entries(result.byStatus)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(" ");
  return [
    result.title.padEnd(46),
    `${Math.round(result.requestsPerSecond).toString().padStart(7)} req/s`,
    `p99 ${String(result.p99Ms).padStart(5)} ms`,
    ratio === undefined ? "".padEnd(10) : `ratio ${ratio.toFixed(2)}`,
    result.non2xx || result.errors || result.timeouts ? `[${statuses}; errors ${result.errors}]` : "",
  ]
    .join("  ")
    .concat(verdict);
}
