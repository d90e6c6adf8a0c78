import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fakeClockAvailable, fakeClockEnv, nextRomeInstant } from "../lib/fake-clock";
import { repoRoot, startBenchServer } from "../lib/server";
import { bundleReport, formatBundleLine, type BundleLine } from "./bundle-report";
import { medianRun, runLighthouse, type PageScores } from "./lighthouse-runner";

/**
 * Page budgets (decisions 012 and 054): Lighthouse (mobile) on four pages of the real server (PGlite,
 * default seed, the built web app), median of 3 runs each, the search page at three hours of Rome,
 * and the gzipped JS each route adds to the entry.
 */
const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 3);
/** The API benches use 3400–3415. */
const PORT = Number(process.env.BENCH_PAGES_PORT ?? 3420);
export const WEB_DIST = path.join(repoRoot, "apps/web/dist");
const DIST = WEB_DIST;

/** Rome's hours the search page is measured at: lunch, the evening, the night (BENCH_PAGES_CLOCKS). */
const SEARCH_CLOCKS = (process.env.BENCH_PAGES_CLOCKS ?? "12:30,21:00,03:00").split(",").filter(Boolean);

export const PAGE_TARGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1500,
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
    name.padEnd(13),
    `perf ${scores.performance} ${mark(scores.performance >= t.performance)} (≥ ${t.performance})`,
    `a11y ${scores.accessibility} ${mark(scores.accessibility >= t.accessibility)} (${t.accessibility})`,
    `best practices ${scores.bestPractices} ${mark(scores.bestPractices >= t.bestPractices)} (${t.bestPractices})`,
    `SEO ${scores.seo} ${mark(scores.seo >= t.seo)} (${t.seo})`,
    `LCP ${Math.round(scores.lcpMs)} ms ${mark(scores.lcpMs <= t.lcpMs)} (≤ ${t.lcpMs})`,
    `TBT ${Math.round(scores.tbtMs)} ms ${mark(scores.tbtMs <= t.tbtMs)} (≤ ${t.tbtMs})`,
    `CLS ${scores.cls.toFixed(3)} ${mark(scores.cls <= t.cls)} (≤ ${t.cls})`,
    `machine ${scores.benchmarkIndex}`,
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
  const pages: PageResult[] = [];
  const measure = async (baseUrl: string, page: { name: string; path: string }) => {
    const runs: PageScores[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(baseUrl + page.path));
    const result = { ...page, scores: medianRun(runs) };
    pages.push(result);
    print(formatPageLine(result));
    if (result.scores.failing.length) print(`            not passing: ${result.scores.failing.join(", ")}`);
  };
  const server = await startBenchServer("pglite", 2400, PORT, { WEB_DIST_DIR: DIST });
  try {
    for (const page of await pickPages(server.url)) {
      if (page.name !== "search" || !fakeClockAvailable()) await measure(server.url, page);
    }
  } finally {
    await server.stop();
  }
  if (!fakeClockAvailable()) print("            search at other hours of Rome: skipped (apt-get install -y faketime)");
  else {
    for (const clock of SEARCH_CLOCKS) {
      const at = await startBenchServer("pglite", 2400, PORT, {
        WEB_DIST_DIR: DIST,
        ...fakeClockEnv(nextRomeInstant(clock)),
      });
      try {
        await measure(at.url, { name: `search@${clock}`, path: "/search?location=milano" });
      } finally {
        await at.stop();
      }
    }
  }
  return { pages, bundles, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchPages();
}
