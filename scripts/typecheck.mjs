#!/usr/bin/env node
// `npm run typecheck`: every project through TypeScript 7's native compiler (decision 073). It checks
// as TypeScript 6 does, several times faster; typescript-eslint's typed rules, editors and the
// generated-client test keep `typescript` 6, whose JavaScript API TypeScript 7 does not offer yet.
// Every project is checked even after one fails, so one run lists every error. Projects named on the
// command line replace the house's five (its test checks a scratch project that way).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const HOUSE = ["packages/shared", "apps/api", "apps/web", "e2e", "bench"];
const projects = process.argv.length > 2 ? process.argv.slice(2) : HOUSE;

const require = createRequire(import.meta.url);
// By path, not `tsc` on PATH: both packages name their binary `tsc`.
const nativeTsc = path.join(path.dirname(require.resolve("typescript-native/package.json")), "bin", "tsc");

let failed = 0;
for (const project of projects) {
  const { status } = spawnSync(process.execPath, [nativeTsc, "-p", project], { stdio: "inherit" });
  if (status !== 0) {
    failed++;
    console.error(`✘ types of ${project}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
