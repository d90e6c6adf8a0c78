#!/usr/bin/env node
// `npm test`: every suite in order — static checks, unit and API suites (PGlite and PostgreSQL),
// then the end-to-end suite in Debian's chromium against the built app. Stops at the first failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";

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

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
if (!(await postgresReachable(testDatabaseUrl))) {
  console.error(
    `PostgreSQL is not reachable at ${testDatabaseUrl}: the API suite must also run on a real server.\n` +
      "Start it (Debian: pg_ctlcluster --skip-systemctl-redirect 15 main start) or set TEST_DATABASE_URL.",
  );
  process.exit(1);
}
if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
  console.error("Chromium is missing: apt-get install -y chromium (or set CHROMIUM_PATH).");
  process.exit(1);
}

run("format, lint, types", "npm", ["run", "check"]);
run("unit, API on PGlite and on PostgreSQL, web components", "npx", ["vitest", "run"], {
  TEST_DATABASE_URL: testDatabaseUrl,
});
run("end-to-end in chromium", "npm", ["run", "test:e2e"]);
console.log(`\n${steps.join("\n")}\n\nAll suites passed.`);
