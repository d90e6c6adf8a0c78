import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { closingOnce, openDatabase, pgliteDatabase, startPglite, type Database } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { PreparingClient } from "../src/db/prepared-statements";
import { IN_MEMORY_DATA_DIR } from "../src/data-dir";
import { onTestServer, testServerUrl } from "./global-setup";
import { emptyForNextFile, schemaFingerprint } from "./pglite-handover";

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a brand
 * new database on a real PostgreSQL server in the "api-pg" project (TEST_DATABASE_URL names the
 * server, default the local one). The PostgreSQL database is dropped afterwards.
 * Each is a copy of the run's migrated one when test/global-setup.ts made it (decision 047); on
 * PGlite, a cluster an earlier file of this worker closed is emptied and handed on instead, when
 * that file left its schema as the migrations made it (decision 072).
 */
export async function createTestDatabase(
  engine: "pglite" | "postgres" = process.env.TAVOLO_TEST_DATABASE === "postgres" ? "postgres" : "pglite",
): Promise<{
  database: Database;
  /** The PostgreSQL database's address, for API processes started on it (undefined on PGlite). */
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  if (engine !== "postgres") {
    const database = await pgliteTestDatabase();
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `tavolo_test_${randomBytes(6).toString("hex")}`;
  const template = inject("postgresTemplate");
  await onTestServer(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 60 });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * This worker's PGlite clusters that no file uses (decision 072): loading the run's snapshot into a
 * new one takes 1–2 s on a loaded machine, more than most files' tests; emptying one takes tens of ms.
 */
const idleClusters: PGlite[] = [];
/** Each cluster's schema as the migrations made it: a file that changed it gets its cluster closed. */
const migratedSchema = new WeakMap<PGlite, string>();

async function pgliteTestDatabase(): Promise<Database> {
  const handedOn = idleClusters.pop();
  const cluster = handedOn ?? (await startPglite(IN_MEMORY_DATA_DIR, await pgliteSnapshot()));
  const database = closingOnce(
    await pgliteDatabase(cluster, PreparingClient, async () => {
      if (await emptyForNextFile(cluster, migratedSchema.get(cluster))) idleClusters.push(cluster);
      else await cluster.close();
    }),
  );
  // A cluster handed on matched its migrated schema when emptied: nothing to migrate or record again.
  if (!handedOn) {
    await migrate(database);
    migratedSchema.set(cluster, await schemaFingerprint(cluster));
  }
  return database;
}

/** The run's migrated PGlite cluster (test/global-setup.ts), when this project made one. */
export async function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = inject("pgliteSnapshot");
  return file ? new Blob([await readFile(file)]) : undefined;
}

/**
 * A new PGlite data directory on disk, migrated and closed, for a server process (DATA_DIR) or a
 * test of the directory itself: written from the run's snapshot (a few seconds), not by initdb on
 * an empty directory (~15 s on a loaded machine).
 */
export async function createTestDataDir(prefix: string): Promise<{ dataDir: string; remove: () => void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const database = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}
