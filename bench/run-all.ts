import { benchApi } from "./api/api.bench";
import { benchCold } from "./api/cold.bench";
import { benchOverload } from "./api/overload.bench";
import { benchPages } from "./pages/pages.bench";
import { benchWaitlist } from "./api/waitlist.bench";
import { benchReminders } from "./api/reminders.bench";
import { benchTracing } from "./api/tracing.bench";
import { benchFirstSeconds } from "./pages/first-seconds";

/**
 * `npm run bench`: every benchmark, then one report with every figure next to its target.
 * BENCH_ONLY=api,cold,overload,pages,first-seconds,waitlist,reminders,tracing picks some of them (default: all eight).
 */
const only = new Set(
  (process.env.BENCH_ONLY ?? "api,cold,overload,pages,first-seconds,waitlist,reminders,tracing").split(","),
);
const api = only.has("api") ? await benchApi() : [];
const cold = only.has("cold") ? await benchCold() : undefined;
const overload = only.has("overload") ? await benchOverload() : undefined;
const pages = only.has("pages") ? await benchPages() : undefined;
const firstSeconds = only.has("first-seconds") ? await benchFirstSeconds() : undefined;
const waitlist = only.has("waitlist") ? await benchWaitlist() : undefined;
const reminders = only.has("reminders") ? await benchReminders() : undefined;
const tracing = only.has("tracing") ? await benchTracing() : undefined;

console.log("\n==================== Report ====================");
if (api.length > 0) {
  console.log("API (ratio = req/s over hello world of the same process, same run; targets on PostgreSQL)");
  for (const row of api.filter((r) => r.endpoint !== "hello")) {
    const ratioVerdict =
      row.target === undefined ? "(information)" : `${row.ratio >= row.target ? "✔" : "✘"} ≥ ${row.target}`;
    const p99Verdict =
      row.p99TargetMs === undefined
        ? ""
        : `, p99 ${row.result.p99Ms <= row.p99TargetMs ? "✔" : "✘"} ≤ ${row.p99TargetMs} ms`;
    const verdict = ratioVerdict + p99Verdict;
    console.log(
      `  ${row.engine.padEnd(8)} ${row.endpoint.padEnd(16)} ${Math.round(row.result.requestsPerSecond).toString().padStart(6)} req/s  p99 ${String(row.result.p99Ms).padStart(5)} ms  ratio ${row.ratio.toFixed(2)}  ${verdict}`,
    );
  }
}
if (cold) {
  console.log(
    "Cold (caches off, 8 connections; reads over hello world, bookings over pgbench tpcb-like; decision 041)",
  );
  for (const line of cold.lines) console.log(`  ${line}`);
}
if (overload) {
  console.log("Overload (pipelined load at twice saturation)");
  for (const line of overload.lines) console.log(`  ${line}`);
}
if (pages) {
  console.log("Pages (Lighthouse mobile, median of runs; bundles gzipped)");
  for (const line of pages.lines) console.log(`  ${line}`);
}
if (firstSeconds) {
  console.log("First seconds (Lighthouse's mobile throttling, median of 3; decision 039)");
  for (const line of firstSeconds.lines) console.log(`  ${line}`);
}
if (waitlist) {
  console.log("Waitlist (one process, PostgreSQL; decision 029)");
  for (const line of waitlist.lines) console.log(`  ${line}`);
}
if (reminders) {
  console.log("Reminders and Web Push (one process, PostgreSQL, a real RFC 8291 push peer; decisions 045, 046)");
  for (const line of reminders.lines) console.log(`  ${line}`);
}
if (tracing) {
  console.log("Tracing (OTLP/HTTP export on over off, same run, PostgreSQL, caches off; decision 048)");
  for (const line of tracing.lines) console.log(`  ${line}`);
}
