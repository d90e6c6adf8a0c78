#!/usr/bin/env node
// `npm test`: the machine's set-up, then every suite — static checks in two lanes with the web build, unit and
// API suites (PGlite and PostgreSQL), then the end-to-end suite in Debian's chromium against that
// same build, and the booking smoke once more on the current Node LTS (decision 048). Stops at the
// first failure. Why this order and what runs together: decisions 047, 063 and 071.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LTS_NODE, ltsNodeBin } from "./lts-node.mjs";
import { prepareMachine } from "./test-setup.mjs";

const steps = [];
/** Steps still running beside the one that failed: stopped with it, so no server outlives the run. */
const running = new Set();
const finish = (title, started, status, ended = Date.now()) => {
  const seconds = ((ended - started) / 1000).toFixed(1);
  steps.push(`${status === 0 ? "✔" : "✘"} ${title} (${seconds} s)`);
  if (status !== 0) {
    // SIGINT: Playwright stops its servers on it (on SIGTERM it leaves them running).
    for (const child of running) child.kill("SIGINT");
    console.error(`\n${steps.join("\n")}\n\n${title} failed.`);
    process.exit(status ?? 1);
  }
};

/**
 * Runs one step. `quiet` keeps its output until it ends (then prints it whole), so two steps running
 * together never interleave their lines.
 */
const run = (title, command, args, { env = {}, quiet = false } = {}) =>
  new Promise((resolve) => {
    const started = Date.now();
    if (!quiet) console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
    const child = spawn(command, args, {
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    running.add(child);
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (status) => {
      running.delete(child);
      if (quiet) {
        console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ title, started, status, ended: Date.now() });
    });
  });

// First the machine (decision 017): chromium, redis-server and the local PostgreSQL cluster,
// installed or started when this runs as root with apt; otherwise the exact command to run.
// TEST_SETUP_DRY_RUN=1 prints what it would do and stops.
const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
await prepareMachine({
  env: process.env,
  databaseUrl: testDatabaseUrl,
  dryRun: process.env.TEST_SETUP_DRY_RUN === "1",
});

// One build of the web app for every suite that serves it: outside the repository, as the API suites
// want it (test/web-build.ts), so it never races a developer's `apps/web/dist`.
const buildRoot = mkdtempSync(path.join(tmpdir(), "tavolo-test-build-"));
const webDist = path.join(buildRoot, "dist");
process.on("exit", () => rmSync(buildRoot, { recursive: true, force: true }));

// The checks and the web build in two lanes, one per core (decision 063): each tool is single-threaded,
// and one core idled for two minutes once the build was done while prettier, eslint and five tsc ran
// in a row on the other. Since the type check runs on TypeScript 7 (seconds, not a minute), typed
// linting is the one long step: each lane lints half of the tree, split where its TypeScript
// programs part (the web's, the API's), so no program is built twice (decision 073).
const WEB_HALF = ["apps/web", "packages", "e2e"];
const lane = async (steps) => {
  const results = [];
  for (const [title, command, args, env] of steps) {
    const result = await run(title, command, args, { env, quiet: true });
    results.push(result);
    if (result.status !== 0) break;
  }
  return results;
};
const checked = await Promise.all([
  lane([
    ["web build", "npm", ["run", "build", "-w", "@tavolo/web"], { WEB_OUT_DIR: webDist }],
    ["import circles and layers", "npm", ["run", "circles"]],
    ["lint: the web, shared and e2e", "npx", ["eslint", ...WEB_HALF]],
  ]),
  lane([
    ["format", "npm", ["run", "check:format"]],
    ["types", "npm", ["run", "typecheck"]],
    // `eslint .` less the other half: a file added anywhere else is linted here.
    ["lint: the rest", "npx", ["eslint", ".", ...WEB_HALF.flatMap((dir) => ["--ignore-pattern", `${dir}/**`])]],
  ]),
]);
// Each with its own time, not the time until both lanes were done.
for (const { title, started, status, ended } of checked.flat()) finish(title, started, status, ended);

const vitest = await run("unit, API on PGlite and on PostgreSQL, web components", "npx", ["vitest", "run"], {
  env: { TEST_DATABASE_URL: testDatabaseUrl, TAVOLO_TEST_WEB_DIST: webDist },
});
finish(vitest.title, vitest.started, vitest.status);

// The same production start on the current Node LTS (decision 048): its binary first on PATH, so npm,
// tsx and the server all run on it; the booking smoke in one browser project against the same build.
// It runs beside the end-to-end step (decision 071), on its own ports and output folder: most of its
// minute is a server start and a browser waiting, which the full suite's two workers leave room for.
const ltsStarted = Date.now();
let ltsPath;
try {
  ltsPath = `${ltsNodeBin()}${path.delimiter}${process.env.PATH}`;
} catch (error) {
  console.error(error);
  finish(`Node ${LTS_NODE} LTS from the npm registry`, ltsStarted, 1);
}
const ltsSmoke = run(
  `booking smoke on Node ${LTS_NODE} LTS`,
  "sh",
  [
    "-c",
    // Playwright itself, not through npm: a stop signal must reach it, and npm does not hand it on.
    'echo "server runtime: node $(node --version)" && cd e2e && exec ../node_modules/.bin/playwright test "$@"',
    "sh",
    "--project=mobile",
    "--grep",
    "books a table for tonight",
    "--reporter=list",
    "--output=test-results-lts",
  ],
  {
    env: { WEB_DIST_DIR: webDist, PATH: ltsPath, E2E_MAIN_SERVER_ONLY: "1", E2E_PORT: "3179" },
    quiet: true,
  },
);

// `npm run test:e2e` without its own build: the servers it starts serve the one above.
const e2e = await run("end-to-end in chromium", "npm", ["run", "test", "-w", "@tavolo/e2e"], {
  env: { WEB_DIST_DIR: webDist },
});
finish(e2e.title, e2e.started, e2e.status);
const lts = await ltsSmoke;
finish(lts.title, ltsStarted, lts.status, lts.ended);
console.log(`\n${steps.join("\n")}\n\nAll suites passed.`);
