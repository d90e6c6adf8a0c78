import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/** Debian's server binaries (the `postgresql-15` package CI installs). */
const BIN = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a free port: the fault tests
 * stop and start it without disturbing the shared server the other suites run on. initdb and
 * postgres refuse to run as root, so as root (CI) they run as the `postgres` user.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** Fast shutdown, as an operator or a failover would: sessions are ended, new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it if running and deletes its files; safe to call twice. */
  destroy(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;
const asPostgresUser = (command: string, args: string[]): [string, string[]] =>
  asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
/** Asynchronous, so an API running in the test's own process keeps answering meanwhile. */
async function run(command: string, args: string[]): Promise<void> {
  await promisify(execFile)(...asPostgresUser(command, args));
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "tavolo-faults-pg-"));
  if (asRoot) {
    const pgUser = execFileSync("id", ["-u", "postgres"]).toString().trim();
    const pgGroup = execFileSync("id", ["-g", "postgres"]).toString().trim();
    chownSync(dir, Number(pgUser), Number(pgGroup));
  }
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  // Durability is not under test here, so no fsync: the server starts and stops in well under a second.
  await run(`${BIN}/initdb`, ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "--no-instructions"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const ctl = (...args: string[]) => run(`${BIN}/pg_ctl`, ["-D", dataDir, "-l", path.join(dir, "log"), ...args]);
  let running = false;
  const stopNow = async (mode: "fast" | "immediate") => {
    if (!running) return;
    await ctl("-m", mode, "-w", "stop");
    running = false;
  };
  // Whatever happens to the test, the server must not outlive this process.
  const onExit = () => {
    if (running) spawnSync(...asPostgresUser(`${BIN}/pg_ctl`, ["-D", dataDir, "-m", "immediate", "stop"]));
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", onExit);
  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      running = true; // from the first moment: a failed start is still stopped at exit
      await ctl("-o", options, "-w", "start");
    },
    stop: () => stopNow("fast"),
    async destroy() {
      // A start that failed has nothing to stop; the postmaster also exits once its directory is gone.
      await stopNow("immediate").catch(() => undefined);
      process.removeListener("exit", onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await instance.start();
  } catch (error) {
    await instance.destroy();
    throw error;
  }
  return instance;
}
