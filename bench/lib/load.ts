import autocannon from "autocannon";

export interface LoadResult {
  title: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  title: string;
  baseUrl: string;
  /** Paths cycled through by every connection, so caches see a realistic spread of keys. */
  paths: readonly string[];
  connections?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections ?? 32,
    duration: options.durationSeconds ?? 10,
    headers: options.headers ?? {},
    requests: options.paths.map((path) => ({ method: "GET" as const, path })),
  });
  return {
    title: options.title,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
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

export function formatRow(result: LoadResult, baseline?: LoadResult, target?: number): string {
  const ratio = baseline ? result.requestsPerSecond / baseline.requestsPerSecond : undefined;
  const verdict =
    ratio === undefined || target === undefined
      ? ""
      : ratio >= target
        ? `  ✔ target ≥ ${target}`
        : `  ✘ target ≥ ${target}`;
  return [
    result.title.padEnd(44),
    `${Math.round(result.requestsPerSecond).toString().padStart(7)} req/s`,
    `p99 ${String(result.p99Ms).padStart(5)} ms`,
    ratio === undefined ? "" : `ratio ${ratio.toFixed(2)}`,
    result.non2xx || result.errors ? `(non-2xx ${result.non2xx}, errors ${result.errors})` : "",
  ]
    .join("  ")
    .concat(verdict);
}
