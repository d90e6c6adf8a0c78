import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";

export const repoRoot = path.resolve(import.meta.dirname, "../..");

export interface BenchServer {
  url: string;
  /** The PostgreSQL database the server uses (undefined on PGlite), for set-up and checks. */
  databaseUrl: string | undefined;
  /** The API process, whose CPU per answer the cold section reads from /proc. */
  pid: number | undefined;
  stop(): Promise<void>;
}

export type Engine = "postgres" | "pglite";

export const BENCH_DATABASE_PREFIX = process.env.BENCH_DATABASE_PREFIX ?? "tavolo_bench";

/**
 * Starts the real API in its own process (so the load generator does not share its event loop),
 * on PostgreSQL or on PGlite, seeded with `restaurants` demo restaurants on first use.
 */
export async function startBenchServer(
  engine: Engine,
  restaurants: number,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    WEB_DIST_DIR: "/nonexistent",
    SEED_RESTAURANTS: String(restaurants),
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    ...extraEnv,
  };
  const location = await benchDatabase(engine, restaurants);
  delete env.DATABASE_URL;
  if (location.databaseUrl) {
    env.DATABASE_URL = location.databaseUrl;
    env.DATABASE_POOL_SIZE = "20";
    // Booking mail stays in the outbox: the bench measures the API, not a mail relay.
    if (!env.SMTP_URL) env.MAIL_TRANSPORT = "outbox";
  } else {
    env.DATA_DIR = location.dataDir;
  }
  // BENCH_CPU_PROF_DIR=/tmp/prof: a V8 CPU profile of each server process, written when it stops (decision 041).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "apps/api/src/server.ts"], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${url}/api/ready`, child, 600_000);
  return { url, databaseUrl: env.DATABASE_URL, pid: child.pid, stop: () => stopChild(child) };
}

/**
 * Where an engine's bench data lives, for the server and for opening it directly while no server
 * runs (PGlite allows one process at a time): one database per catalogue size, kept between runs.
 */
export async function benchDatabase(
  engine: Engine,
  restaurants: number,
): Promise<{ databaseUrl?: string; dataDir?: string }> {
  if (engine === "postgres") return { databaseUrl: await ensureBenchDatabase(restaurants) };
  return { dataDir: path.join(repoRoot, "bench/results", `pglite-${restaurants}`) };
}

/**
 * Seeding 50,000 restaurants is done once. BENCH_DATABASE_PREFIX (default `tavolo_bench`) names the
 * databases, so sessions sharing one PostgreSQL server each seed and load their own.
 */
async function ensureBenchDatabase(restaurants: number): Promise<string> {
  const server =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${BENCH_DATABASE_PREFIX}_${restaurants}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`API not ready after ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
