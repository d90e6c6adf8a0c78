import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from "./support/chromium";
import { planMainServers } from "./support/main-servers";
import { PHONE_ONLY_TAG } from "./support/widths";

/**
 * Two workers, each with its own main server (decision 071): the browser and the server wait on each
 * other, and with one worker 20–40 % of both cores idled (decision 063). The booking smoke on the
 * Node LTS (scripts/test-all.mjs) is one test on one server.
 */
const mainServerOnly = process.env.E2E_MAIN_SERVER_ONLY === "1";
const workers = mainServerOnly ? 1 : Number(process.env.E2E_WORKERS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 3199);
const mainServerPorts = planMainServers(workers, firstPort);
/** Opened by support/start-servers.mjs once every server of the run answers. */
const serversReadyPort = firstPort - 5;
/** How long every server of the run has to answer: Playwright's wait, and the launcher's for each. */
const SERVERS_START_MS = 120_000;
/** A second server, signed in through a standards-strict OpenID provider (support/start-with-strict-oidc.mjs). */
const strictAppPort = Number(process.env.E2E_STRICT_OIDC_APP_PORT ?? 3195);
const strictProviderPort = Number(process.env.E2E_STRICT_OIDC_PORT ?? 3196);
process.env.E2E_STRICT_OIDC_APP_URL = `http://127.0.0.1:${strictAppPort}`;
/** Journeys run at the phone's width only: the slow phone, booking, offers, the waitlist, a refresh. */
const PHONE_ONLY = [
  "**/first-seconds.spec.ts",
  "**/reservations.spec.ts",
  "**/offers.spec.ts",
  "**/waitlist.spec.ts",
  "**/session-refresh.spec.ts",
];
/** Journeys run at the laptop's width only: the sign-in providers and the installable app. */
const LAPTOP_ONLY = ["**/google.spec.ts", "**/strict-oidc.spec.ts", "**/installable-app.spec.ts"];

/**
 * One real server start (decision 014): its own port, a brand-new embedded database seeded as on a
 * first start, and what every server here shares. Every test signs in from 127.0.0.1: the per-address
 * limits (tested in the API suite) would otherwise throttle the suite itself.
 */
const appServer = (
  name: string,
  command: string,
  appPort: number,
  restaurants: number,
  env: Record<string, string>,
) => ({
  name,
  command,
  readyUrl: `http://127.0.0.1:${appPort}/api/ready`,
  env: {
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT_PER_IP: "10000",
    AUTH_RATE_LIMIT_FAILURES_PER_IP: "10000",
    AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "10000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "10000",
    PORT: String(appPort),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "tavolo-e2e-")),
    SEED_RESTAURANTS: String(restaurants),
    APP_ORIGIN: `http://127.0.0.1:${appPort}`,
    ...env,
  },
});

/** The app signed in through the Google stand-in, one per worker: every spec but the strict provider's. */
const mainServers = mainServerPorts.map(({ app, google, googleControl }, slot) =>
  appServer(`main ${slot}`, "node e2e/support/start-with-google-mock.mjs", app, 800, {
    E2E_GOOGLE_PORT: String(google),
    E2E_GOOGLE_CONTROL_PORT: String(googleControl),
  }),
);

/** A second app, signed in through the standards-strict OpenID provider (strict-oidc.spec.ts). */
const strictOidcServer = appServer(
  "strict OpenID",
  "node --import tsx e2e/support/start-with-strict-oidc.mjs",
  strictAppPort,
  20,
  {
    E2E_STRICT_OIDC_PORT: String(strictProviderPort),
  },
);

export default defineConfig({
  testDir: "./tests",
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers,
  // One retry, recorded: a test that fails once runs again with a trace (below), and one that passes
  // on its retry is listed as flaky, never silently green. Recording every first run cost about 15 %
  // of the suite's time for traces nobody opened (decision 062).
  retries: 1,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    // The service worker (decision 045) answers fetches before page.route sees them and serves
    // pages seen before when offline: every suite but the one that tests it runs without it.
    serviceWorkers: "block",
    // Chromium's headless shell, as Playwright prefers for headless runs (decision 078); the
    // installable app's file asks for the full browser.
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  // Screens, menus, layout and accessibility run at both widths. A journey whose steps are the same at
  // both widths runs at one: the phone's for the phone-first flows (whole files, or single tests
  // tagged @phone-only), the laptop's for the sign-in providers and the installable app (decisions 052, 063).
  projects: [
    {
      name: "mobile",
      testIgnore: LAPTOP_ONLY,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: "desktop",
      testIgnore: PHONE_ONLY,
      grepInvert: new RegExp(PHONE_ONLY_TAG),
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  // Every server at once, behind one ready address (support/start-servers.mjs, decision 078). The
  // booking smoke on the Node LTS (scripts/test-all.mjs) books on the main server alone.
  webServer: {
    command: "node --import tsx e2e/support/start-servers.mjs",
    cwd: "..",
    timeout: SERVERS_START_MS,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    url: `http://127.0.0.1:${serversReadyPort}/`,
    env: {
      E2E_SERVERS: JSON.stringify([...mainServers, ...(mainServerOnly ? [] : [strictOidcServer])]),
      E2E_SERVERS_READY_PORT: String(serversReadyPort),
      E2E_SERVERS_START_MS: String(SERVERS_START_MS),
    },
  },
});
