import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { repoRoot, startBenchServer } from "../lib/server";
import { prepareFirstSecondsData, type FirstSecondsTargets } from "../lib/first-seconds-data";
import { MOBILE_PROFILE, throttle } from "../../e2e/tests/support/throttle";
import { flows, newAccount, newPhone, signedInContext, STEP_TIMEOUT_MS, StepError } from "./first-seconds-flows";

/**
 * "First seconds" (decisions 039, 059): a diner on a phone with Lighthouse's mobile profile (4× CPU,
 * 150 ms, 1.6 Mbit/s), from a shared link to a confirmed booking. Each flow runs RUNS times in a
 * fresh browser (cold cache, as a shared link opens); the figure is the median, against its goal.
 *
 * `npm run bench:first-seconds -w @tavolo/bench` runs this section alone; FIRST_SECONDS_ONLY=offer
 * (a part of a flow's name) picks flows; FIRST_SECONDS_RUNS changes the runs; FIRST_SECONDS_PORT
 * moves the server; FIRST_SECONDS_DIST serves another build (main's, for a before and after).
 * FIRST_SECONDS_URL measures a server already running instead, with its own data: then
 * FIRST_SECONDS_RESTAURANT and FIRST_SECONDS_OFFER name what to book. A signed-in run opens its
 * link as a diner does some time after their last visit: the service worker that visit installed
 * has been stopped by the browser, which starts it again for the link (decision 081).
 * FIRST_SECONDS_WARM_WORKER=1 leaves it running instead: a link opened within half a minute.
 */
const RUNS = Number(process.env.FIRST_SECONDS_RUNS ?? 3);
const WARM_WORKER = process.env.FIRST_SECONDS_WARM_WORKER === "1";
const PORT = Number(process.env.FIRST_SECONDS_PORT ?? 41480);
const RESTAURANTS = 800;
const DIST = process.env.FIRST_SECONDS_DIST ?? path.join(repoRoot, "apps/web/dist");
const FAILURE_SHOT = "/tmp/first-seconds-failure.png";

function givenTargets(): FirstSecondsTargets {
  const restaurantId = process.env.FIRST_SECONDS_RESTAURANT;
  const offerId = process.env.FIRST_SECONDS_OFFER;
  if (!restaurantId || !offerId) {
    throw new Error("FIRST_SECONDS_URL needs FIRST_SECONDS_RESTAURANT and FIRST_SECONDS_OFFER (ids to book)");
  }
  return { restaurantId, offerId };
}

/** As the browser stops an idle service worker (after about 30 s): the next page starts it again. */
async function stopServiceWorkers(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.stopAllWorkers");
  await cdp.detach();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchFirstSeconds(): Promise<{ lines: string[] }> {
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const given = process.env.FIRST_SECONDS_URL;
  const targets = given ? givenTargets() : await prepareFirstSecondsData("pglite", RESTAURANTS, PORT);
  const server = given ? null : await startBenchServer("pglite", RESTAURANTS, PORT, { WEB_DIST_DIR: DIST });
  const baseUrl = given ?? server!.url;
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    print(
      `\n== first seconds: ${MOBILE_PROFILE.cpuSlowdown}× CPU, ${MOBILE_PROFILE.latencyMs} ms, 1.6 Mbit/s; median of ${RUNS}${WARM_WORKER ? "; service worker left running" : ""} ==`,
    );
    const only = process.env.FIRST_SECONDS_ONLY;
    for (const flow of flows(targets).filter((f) => !only || f.name.includes(only))) {
      const times: number[] = [];
      const taps: number[] = [];
      /** When each named step was done, from the link, run by run: where the seconds go. */
      const steps = new Map<string, number[]>();
      for (let i = 0; i < RUNS; i++) {
        const { email } = await newAccount(baseUrl);
        const context = flow.signedIn
          ? await signedInContext(browser, baseUrl, email)
          : await newPhone(browser, baseUrl);
        const page = await context.newPage();
        page.setDefaultTimeout(STEP_TIMEOUT_MS);
        await throttle(page);
        if (!WARM_WORKER) await stopServiceWorkers(page);
        let count = 0;
        // The machine's clock, which the page's own readings share (first-seconds-sights.ts).
        const started = Date.now();
        let confirmedAt = started;
        const progress = {
          tap: () => (count += 1),
          reached: (step: string, at = Date.now()) => {
            confirmedAt = at;
            steps.set(step, [...(steps.get(step) ?? []), at - started]);
          },
        };
        try {
          await flow.run(page, progress, email);
        } catch (error) {
          await page.screenshot({ path: FAILURE_SHOT }).catch(() => {});
          const where = error instanceof StepError ? error.message : String(error);
          throw new Error(
            `first seconds: «${flow.name}», run ${i + 1} of ${RUNS}, at ${page.url()}: ${where} (screenshot ${FAILURE_SHOT})`,
            {
              cause: error,
            },
          );
        } finally {
          await context.close();
        }
        // The flow ends when the confirmation showed: its last step.
        times.push(confirmedAt - started);
        taps.push(count);
      }
      const ms = median(times);
      // The machine's load while the flow ran: figures taken on a busy machine say little (decision 059).
      const load = os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ");
      const ok = ms <= flow.goalMs && Math.max(...taps) <= flow.maxTaps;
      print(
        `${flow.name.padEnd(56)} ${Math.round(ms).toString().padStart(5)} ms  taps ${Math.max(...taps)}  ${ok ? "✔" : "✘"} (≤ ${flow.goalMs} ms, ≤ ${flow.maxTaps} taps)  runs ${times.map((t) => Math.round(t)).join(", ")}  load ${load}`,
      );
      print(
        `  steps, median ms from the link: ${[...steps].map(([step, at]) => `${step} ${Math.round(median(at))}`).join(" · ")}`,
      );
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
  return { lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchFirstSeconds();
}
