import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "typecheck.mjs");
const scratch = mkdtempSync(path.join(tmpdir(), "tavolo-typecheck-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A one-file project with `source`, checked as `npm run typecheck` checks the house's. */
function check(name, source) {
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }));
  writeFileSync(path.join(dir, "index.ts"), source);
  return spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
}

// The type check on TypeScript 7's native compiler (decision 073): it must fail on a type error,
// not only run.
describe("npm run typecheck", () => {
  it("passes a project that type-checks", () => {
    const result = check("sound", "export const total: number = 2 + 2;\n");
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it("fails on a type error, naming the file and the project", () => {
    const result = check("broken", 'export const total: number = "four";\n');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("index.ts(1,14): error TS2322");
    expect(result.stderr).toContain(`✘ types of ${path.join(scratch, "broken")}`);
  });
});
