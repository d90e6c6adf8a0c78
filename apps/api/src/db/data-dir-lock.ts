import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/** Beside PGlite's own files in DATA_DIR; holds the process id of the one process using them. */
export const LOCK_FILE = "tavolo.lock";

/** Lock files this process holds: opening one of its data directories twice is refused too. */
const held = new Set<string>();

export interface DataDirLock {
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is running.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, "wx");
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Makes this process the only user of a PGlite data directory. PGlite runs PostgreSQL inside the
 * process, with nothing like a postmaster to refuse a second one: two servers (or a server and
 * `npm run db:import`) on one DATA_DIR would both write its files and corrupt the database. A lock
 * left by a process that is gone (killed, machine restarted) is taken over, so a crash never
 * blocks the next start.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.resolve(dataDir, LOCK_FILE);
  if (held.has(file)) throw new Error(`DATA_DIR ${dataDir} is already open in this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(file)) {
      held.add(file);
      return {
        release() {
          if (!held.delete(file)) return;
          if (readPid(file) === process.pid) unlinkSync(file);
        },
      };
    }
    const holder = readPid(file);
    // Our own pid (not held above) is a leftover too: a container restarts its server under the same pid.
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by process ${holder}: stop that server first (one process per PGlite data directory; use PostgreSQL to run several).`,
      );
    }
    unlinkSync(file);
  }
  throw new Error(`DATA_DIR ${dataDir}: could not take ${LOCK_FILE}; another process is starting on it`);
}
