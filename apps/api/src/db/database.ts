import path from "node:path";
import { existsSync, mkdirSync } from "node:fs";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import type { DB } from "./schema";
import { lockDataDir } from "./data-dir-lock";
import { IN_MEMORY_DATA_DIR, isInMemoryDataDir } from "../data-dir";
import { PreparingClient } from "./prepared-statements";

/** NUMERIC (ratings) and BIGINT (counts) as JS numbers; DATE stays "YYYY-MM-DD" text, free of zones. */
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface Database {
  db: Kysely<DB>;
  kind: "pglite" | "postgres";
  pool: pg.Pool;
  /** Runs a script of several statements (migrations) outside the prepared-statement path. */
  exec(script: string): Promise<void>;
  /** PGlite only: the whole cluster as a tarball, from which `snapshot` starts another (decision 047). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or "memory://" for a throwaway database. */
  dataDir?: string;
  /**
   * PGlite only: start from this `dump()` instead of an empty cluster (decision 047), in memory or
   * in a data directory that holds no cluster yet.
   */
  snapshot?: Blob;
  poolSize?: number;
  /**
   * Named prepared statements (default): parsed and planned once per connection (decision 068).
   * Off for a pooler that hands each transaction another server session (PgBouncer's transaction
   * mode before 1.21), where a name prepared on one session is unknown on the next.
   */
  preparedStatements?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, clientOf(options))
    : await openPglite(options.dataDir ?? IN_MEMORY_DATA_DIR, options.snapshot, clientOf(options));
  return closingOnce(database);
}

/** Shutdown paths may overlap (signal during a failed start, tests): closing twice is harmless. */
export function closingOnce(database: Database): Database {
  let closing: Promise<void> | undefined;
  const close = database.close;
  return { ...database, close: () => (closing ??= close()) };
}

const clientOf = (options: DatabaseOptions) => (options.preparedStatements === false ? pg.Client : PreparingClient);

function openPostgres(connectionString: string, max: number, Client: typeof pg.Client): Database {
  const pool = new pg.Pool({
    Client,
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A client losing its server must not crash the process: the pool's listener covers idle clients,
  // this one those checked out between two statements (pg emits a FATAL that arrives with no query
  // running as an 'error' event, fatal when unheard). The next query on it fails, the request gets a
  // 503, and the pool discards the client on release (decision 014).
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: "postgres",
    pool,
    async exec(script) {
      await pool.query(script);
    },
    async close() {
      await db.destroy();
    },
  };
}

async function openPglite(dataDir: string, snapshot: Blob | undefined, Client: typeof pg.Client): Promise<Database> {
  const inMemory = isInMemoryDataDir(dataDir);
  const location = inMemory ? dataDir : path.join(dataDir, "pgdata");
  // PGlite would load a snapshot over a cluster already there: a data directory in use is never seeded.
  if (snapshot && !inMemory && existsSync(location))
    throw new Error("a PGlite snapshot seeds only a new data directory");
  if (!inMemory) mkdirSync(location, { recursive: true });
  const lock = inMemory ? undefined : lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    pglite = await startPglite(location, snapshot);
  } catch (error) {
    lock?.release();
    throw error;
  }
  return pgliteDatabase(pglite, Client, async () => {
    try {
      await pglite.close();
    } finally {
      lock?.release();
    }
  });
}

/** A PGlite cluster with the extensions the migrations create, empty or from a `dump()`. */
export async function startPglite(location: string, snapshot?: Blob): Promise<PGlite> {
  // Loaded lazily: a PostgreSQL deployment never pays for the WebAssembly build.
  const [{ PGlite }, extensions] = await Promise.all([import("@electric-sql/pglite"), loadPgliteExtensions()]);
  return snapshot
    ? PGlite.create({ dataDir: location, loadDataDir: snapshot, extensions })
    : PGlite.create(location, { extensions });
}

/**
 * A Database over an open PGlite cluster. `release` runs on close, once the pool is gone: it closes
 * the cluster, or (the API suites, decision 072) empties it for the next test file.
 */
export async function pgliteDatabase(
  pglite: PGlite,
  Client: typeof pg.Client,
  release: () => Promise<void>,
): Promise<Database> {
  const { createPgConfig } = await import("@electric-sql/pglite/node-postgres");
  const pool = new pg.Pool({ ...createPgConfig(pglite), Client });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: "pglite",
    pool,
    async exec(script) {
      await pglite.exec(script);
    },
    dump: () => pglite.dumpDataDir("none"),
    async close() {
      try {
        await db.destroy();
        // Kysely ends the pool only if a query ever ran: a database closed unused would otherwise start
        // a new pool on its next query, on a cluster the suites may have handed on (decision 072).
        if (!pool.ending) await pool.end();
      } finally {
        await release();
      }
    },
  };
}

async function loadPgliteExtensions() {
  const [{ btree_gist }, { cube }, { earthdistance }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite/contrib/btree_gist"),
    import("@electric-sql/pglite/contrib/cube"),
    import("@electric-sql/pglite/contrib/earthdistance"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  return { btree_gist, cube, earthdistance, pg_trgm };
}
