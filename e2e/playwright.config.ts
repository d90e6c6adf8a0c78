import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./support/chromium";

const port = Number(process.env.E2E_PORT ?? 3199);
/** The Google stand-in and its control endpoint (see support/start-with-google-mock.mjs). */
const googlePort = Number(process.env.E2E_GOOGLE_PORT ?? 3198);
const googleControlPort = Number(process.env.E2E_GOOGLE_CONTROL_PORT ?? 3197);
process.env.E2E_GOOGLE_CONTROL_URL = `http://127.0.0.1:${googleControlPort}`;
/** Each run starts the real server on a brand-new embedded database, seeded as on a first start. */
const dataDir = mkdtempSync(path.join(tmpdir(), "tavolo-e2e-"));

export default defineConfig({
  testDir: "./tests",
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: "mobile", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node e2e/support/start-with-google-mock.mjs",
    cwd: "..",
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_RESTAURANTS: "800",
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      E2E_GOOGLE_PORT: String(googlePort),
      E2E_GOOGLE_CONTROL_PORT: String(googleControlPort),
      // Every test signs in from 127.0.0.1: the per-address limits (tested in the API suite) would
      // otherwise throttle the suite itself.
      AUTH_RATE_LIMIT_PER_IP: "10000",
      AUTH_RATE_LIMIT_FAILURES_PER_IP: "10000",
      AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "10000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "10000",
    },
  },
});
