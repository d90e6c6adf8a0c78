import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { createTestDataDir } from "../../test/test-database";
import { LOCK_FILE, lockDataDir } from "./data-dir-lock";
import { openDatabase } from "./database";

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tavolo-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", "0"]).pid!;

describe("one process per PGlite data directory", () => {
  it("refuses a second user while the first holds it, and lets the next one in once released", () => {
    const dir = freshDir();
    const first = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
    first.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it("refuses a data directory another running process holds, naming it", () => {
    const dir = freshDir();
    // This test runner's parent is running for as long as the test does.
    writeFileSync(path.join(dir, LOCK_FILE), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.ppid}: stop that server first`));
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(process.ppid));
  });

  it("takes over a lock left by a process that is gone (killed, or the machine restarted)", () => {
    for (const leftover of [String(deadPid()), String(process.pid), "garbage"]) {
      const dir = freshDir();
      writeFileSync(path.join(dir, LOCK_FILE), leftover);
      const lock = lockDataDir(dir);
      expect(readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
      lock.release();
    }
  });

  it("guards openDatabase: a second open of the same DATA_DIR fails until the first is closed", async () => {
    const { dataDir, remove } = await createTestDataDir("tavolo-lock-");
    onTestFinished(remove);
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already open/);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    // A snapshot seeds a new directory only: loaded over this cluster, it would replace its data.
    await expect(openDatabase({ dataDir, snapshot: new Blob([]) })).rejects.toThrow(/only a new data directory/);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);
});
