import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../e2e/support/chromium";

export interface PageScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's yardstick of this machine's CPU (`environment.benchmarkIndex`; a 2020 mid-range
   * laptop scores ~1,000–1,500). TBT is simulated from the tasks seen here times the 4× slowdown, so
   * the same page blocks longer on a slower machine: figures of two days compare only beside it.
   */
  benchmarkIndex: number;
  /** Audits of the four categories that did not pass, for the one run picked as the median. */
  failing: string[];
}

/** One scored Lighthouse run of `url`; a run that broke (not the page) is made again. */
export async function runLighthouse(url: string, attempts = 3): Promise<PageScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`Lighthouse run on ${url} failed (${String(error)}); running it again`);
    }
  }
}

/**
 * One Lighthouse run in a fresh Chrome (default config = mobile: Moto G Power emulation, simulated
 * slow 4G and 4× CPU slowdown). A fresh browser each time, so no run sees another's cache.
 */
async function runLighthouseOnce(url: string): Promise<PageScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // A broken trace (NO_NAVSTART and the like) scores nothing: a fault of the run, not of the page.
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code}`);
    const { categories, audits } = result.lhr;
    const failing = Object.values(categories)
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]!))
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
      .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories["best-practices"]?.score ?? 0) * 100),
      seo: Math.round((categories.seo?.score ?? 0) * 100),
      lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
      tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** The run with the median performance score (Lighthouse's own advice for several runs). */
export function medianRun(runs: PageScores[]): PageScores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}
