#!/usr/bin/env node
// The model-based test by hand (decision 037): `npm run test:model -- --runs 2000 [--seed N --path P]`.
// Runs the sequences on PostgreSQL (the api-pg project) with no time budget unless --seconds says.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    seconds: { type: "string", default: String(24 * 60 * 60) },
    seed: { type: "string" },
    path: { type: "string" },
  },
});
if (!/^\d+$/.test(values.runs) || !/^\d+$/.test(values.seconds)) {
  console.error("usage: npm run test:model -- --runs <count> [--seconds <budget>] [--seed <n> --path <p>]");
  process.exit(2);
}
const env = {
  ...process.env,
  MODEL_RUNS: values.runs,
  MODEL_SECONDS: values.seconds,
  ...(values.seed ? { MODEL_SEED: values.seed, MODEL_PATH: values.path ?? "" } : {}),
};
const child = spawn("npx", ["vitest", "run", "--project", "api-pg", "apps/api/src/model/system.model.test.ts"], {
  stdio: "inherit",
  env,
});
child.on("exit", (code) => process.exit(code ?? 1));
