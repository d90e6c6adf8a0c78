import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../src/db/database";
import { migrate } from "../src/db/migrate";

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a brand
 * new database on a real PostgreSQL server in the "api-pg" project (TEST_DATABASE_URL names the
 * server, default the local one). The PostgreSQL database is dropped afterwards.
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
    const database = await openDatabase({ dataDir: "memory://" });
    await migrate(database);
    return { database, url: undefined, drop: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `tavolo_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 60 });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
