import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import react from "@vitejs/plugin-react";
// With its extension: Vite's coming native config loader resolves no other.
import { RACE_FILE } from "./apps/api/test/race-files.ts";

/**
 * One runner, seven projects. "api" runs the API suite on embedded PGlite; "api-pg" runs the very
 * same files on a real PostgreSQL server (a fresh database per file, see apps/api/test/test-database.ts),
 * its 50-way races among them, one at a time (decision 078).
 */
/** The API suite on PostgreSQL, its races among its files (the sequencer below). */
const POSTGRES_PROJECT = "api-pg";
/** Suites that stop servers and kill processes (decision 014): their own project, see below. */
const FAULT_TESTS = "src/**/*.fault.test.ts";
/**
 * Files whose subject does not depend on the database engine: PGlite's own data-directory lock, the
 * web's built server entry (no database at all), the OpenAPI document an integrator's generated
 * client is checked against, closing a bare server's connections, and handing a PGlite cluster from
 * file to file. "api" runs them; a second run on PostgreSQL would test nothing new.
 */
const ENGINE_FREE_TESTS = [
  "src/db/data-dir-lock.test.ts",
  "src/ssr/server-entry-build.test.ts",
  "src/plugins/api-docs.sdk.test.ts",
  "src/http/connection-close.test.ts",
  "src/db/pglite-handover.test.ts",
];
/** Migrates once per run the database every API test file copies (decision 047). */
const API_SETUP = ["./test/global-setup.ts"];
/**
 * The API files of one worker share its module graph instead of importing Fastify, pg, drizzle and
 * the app afresh each (decision 052): every file still builds its own app on its own database, none
 * mocks a module, and the one record kept at module level (the response contract's breaches) is
 * emptied by each file's own afterAll.
 */
const SHARED_MODULES = { isolate: false } as const;
/**
 * The web files: "web" shares one module graph and one jsdom per worker as the API files do
 * (decision 052); test/setup.ts resets what a file leaves behind. The files that replace a module
 * with vi.mock run in "web-isolated", each with modules and a page of its own.
 */
const WEB = {
  root: "apps/web",
  environment: "jsdom",
  include: ["src/**/*.test.{ts,tsx}"],
  setupFiles: ["./test/setup.ts"],
  // Above test/setup.ts's 10 s wait for a screen, so a slow screen fails its own findBy, not the test's clock.
  testTimeout: 30_000,
  css: { modules: { classNameStrategy: "non-scoped" } },
} as const;
const WEB_MOCKING_TESTS = [
  "src/features/auth/components/google-sign-in.test.tsx",
  "src/features/auth/components/native-login.test.tsx",
];

/**
 * Vitest's order (longest or largest first, project by project), with the race files of
 * "api-pg" spread evenly through its files (decision 078). A race file waits for any other race file
 * to finish (apps/api/test/races-one-at-a-time.ts): with one race in every few files, the other
 * workers are almost always on files that do not race, and none waits.
 */
class RacesSpreadOut extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const inRaceProject = (spec: TestSpecification) => spec.project.name === POSTGRES_PROJECT;
    const isRace = (spec: TestSpecification) => inRaceProject(spec) && RACE_FILE.test(spec.moduleId);
    const races = sorted.filter(isRace);
    const rest = sorted.filter((spec) => !isRace(spec));
    const first = rest.findIndex(inRaceProject);
    const count = rest.filter(inRaceProject).length;
    if (races.length === 0 || first === -1) return sorted;
    const spread: TestSpecification[] = [];
    let placed = 0;
    rest.forEach((spec, index) => {
      while (placed < races.length && index === first + Math.floor((placed * count) / races.length)) {
        spread.push(races[placed++]!);
      }
      spread.push(spec);
    });
    return [...spread, ...races.slice(placed)];
  }
}

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1), leaving the second core idle while a file
    // waits on PostgreSQL, a child process or a timer (decision 047). A third worker fills what two
    // still leave: 419 s → 387 s on this machine (decision 078).
    maxWorkers: 3,
    // The races of "api-pg" spread through its files, never two at once (decision 078).
    sequence: { sequencer: RacesSpreadOut },
    projects: [
      { test: { name: "shared", root: "packages/shared", environment: "node", include: ["src/**/*.test.ts"] } },
      // npm test's own set-up (scripts/test-setup.mjs): decided by a pure function, tested without apt.
      { test: { name: "scripts", root: "scripts", environment: "node", include: ["*.test.mjs"] } },
      {
        test: {
          name: "api",
          root: "apps/api",
          ...SHARED_MODULES,
          environment: "node",
          include: ["src/**/*.test.ts"],
          exclude: [FAULT_TESTS],
          globalSetup: API_SETUP,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: POSTGRES_PROJECT,
          root: "apps/api",
          ...SHARED_MODULES,
          environment: "node",
          include: ["src/**/*.test.ts"],
          exclude: ["src/catalog/seed/**", FAULT_TESTS, ...ENGINE_FREE_TESTS],
          env: { TAVOLO_TEST_DATABASE: "postgres" },
          globalSetup: API_SETUP,
          setupFiles: ["./test/races-one-at-a-time.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Database outage and process restarts, on PGlite and PostgreSQL; each file picks its own
        // engine and ports (a private PostgreSQL server, never the shared one on 5432).
        test: {
          name: "api-faults",
          root: "apps/api",
          environment: "node",
          include: [FAULT_TESTS],
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: { name: "web", ...WEB, ...SHARED_MODULES, exclude: WEB_MOCKING_TESTS },
      },
      {
        plugins: [react()],
        test: { name: "web-isolated", ...WEB, include: WEB_MOCKING_TESTS },
      },
    ],
  },
});
