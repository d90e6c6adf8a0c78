#!/usr/bin/env node
// `npm test`: the machine's set-up, then every suite in order — static checks, unit and API suites (PGlite and PostgreSQL),
// then the end-to-end suite in Debian's chromium against the built app. Stops at the first failure.
import { spawnSync } from "node:child_process";
import { prepareMachine } from "./test-setup.mjs";

const steps = [];
const run = (title, command, args, env = {}) => {
  const started = Date.now();
  console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push(`${result.status === 0 ? "✔" : "✘"} ${title} (${seconds} s)`);
  if (result.status !== 0) {
    console.error(`\n${steps.join("\n")}\n\n${title} failed.`);
    process.exit(result.status ?? 1);
  }
};

// First the machine (decision 017): chromium, redis-server and the local PostgreSQL cluster,
// installed or started when this runs as root with apt; otherwise the exact command to run.
// TEST_SETUP_DRY_RUN=1 prints what it would do and stops.
const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
await prepareMachine({
  env: process.env,
  databaseUrl: testDatabaseUrl,
  dryRun: process.env.TEST_SETUP_DRY_RUN === "1",
});

run("format, lint, types", "npm", ["run", "check"]);
run("unit, API on PGlite and on PostgreSQL, web components", "npx", ["vitest", "run"], {
  TEST_DATABASE_URL: testDatabaseUrl,
});
run("end-to-end in chromium", "npm", ["run", "test:e2e"]);
console.log(`\n${steps.join("\n")}\n\nAll suites passed.`);
