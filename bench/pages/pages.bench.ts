import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { repoRoot, startBenchServer } from "../lib/server";
import { bundleReport, formatBundleLine, type BundleLine } from "./bundle-report";
import { medianRun, runLighthouse, type PageScores } from "./lighthouse-runner";

/**
 * Page budgets (decision 012): Lighthouse (mobile) on four pages of the real server (PGlite, default
 * seed, the built web app), median of 3 runs each, and the gzipped JS each route adds to the entry.
 */
const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 3);
/** The API benches use 3400–3415. */
const PORT = Number(process.env.BENCH_PAGES_PORT ?? 3420);
export const WEB_DIST = path.join(repoRoot, "apps/web/dist");
const DIST = WEB_DIST;

export const PAGE_TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.05,
};

export interface PageResult {
  name: string;
  path: string;
  scores: PageScores;
}

export interface PagesReport {
  pages: PageResult[];
  bundles: BundleLine[];
  lines: string[];
}

/**
 * Builds the web app when there is no build with a manifest and a server entry (decision 027), or
 * BENCH_PAGES_BUILD=1 asks for one.
 */
export function ensureBuild(): void {
  const built =
    existsSync(path.join(DIST, ".vite/manifest.json")) && existsSync(path.join(`${DIST}-ssr`, "entry-server.js"));
  if (process.env.BENCH_PAGES_BUILD !== "1" && built) return;
  const build = spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) throw new Error("web build failed");
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** A real restaurant and a live offer in Milano, from the public API, as a visitor would reach them. */
async function pickPages(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const search = await getJson<{ restaurants: { id: string }[] }>(
    `${baseUrl}/api/client/searchRestaurantsByLocation?location=milano&page=1`,
  );
  const offers = await getJson<{ offers: { id: string }[] }>(`${baseUrl}/api/client/getLastMinuteByCity?city=milano`);
  const restaurant = search.restaurants[0];
  const offer = offers.offers[0];
  if (!restaurant || !offer) throw new Error("the seed has no restaurant or no live offer in Milano");
  return [
    { name: "home", path: "/" },
    { name: "search", path: "/search?location=milano" },
    { name: "restaurant", path: `/restaurants/${restaurant.id}` },
    { name: "offer", path: `/lastminute/${offer.id}` },
  ];
}

const mark = (ok: boolean) => (ok ? "✔" : "✘");

export function formatPageLine({ name, scores }: PageResult): string {
  const t = PAGE_TARGETS;
  return [
    name.padEnd(11),
    `perf ${scores.performance} ${mark(scores.performance >= t.performance)} (≥ ${t.performance})`,
    `a11y ${scores.accessibility} ${mark(scores.accessibility >= t.accessibility)} (${t.accessibility})`,
    `best practices ${scores.bestPractices} ${mark(scores.bestPractices >= t.bestPractices)} (${t.bestPractices})`,
    `SEO ${scores.seo} ${mark(scores.seo >= t.seo)} (${t.seo})`,
    `LCP ${Math.round(scores.lcpMs)} ms ${mark(scores.lcpMs <= t.lcpMs)} (≤ ${t.lcpMs})`,
    `TBT ${Math.round(scores.tbtMs)} ms ${mark(scores.tbtMs <= t.tbtMs)} (≤ ${t.tbtMs})`,
    `CLS ${scores.cls.toFixed(3)} ${mark(scores.cls <= t.cls)} (≤ ${t.cls})`,
  ].join("  ");
}

export async function benchPages(): Promise<PagesReport> {
  ensureBuild();
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    console.log(line);
  };

  print(`\n== pages: gzipped JS per route (Vite build manifest) ==`);
  const bundles = bundleReport(DIST);
  for (const bundle of bundles) print(formatBundleLine(bundle));

  print(`\n== pages: Lighthouse ${"12.8.2"} mobile, median of ${RUNS} runs, PGlite default seed ==`);
  const server = await startBenchServer("pglite", 2400, PORT, { WEB_DIST_DIR: DIST });
  const pages: PageResult[] = [];
  try {
    for (const page of await pickPages(server.url)) {
      const runs: PageScores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(server.url + page.path));
      const result = { ...page, scores: medianRun(runs) };
      pages.push(result);
      print(formatPageLine(result));
      if (result.scores.failing.length) print(`            not passing: ${result.scores.failing.join(", ")}`);
    }
  } finally {
    await server.stop();
  }
  return { pages, bundles, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchPages();
}
