import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import type { Database } from "./database";

const migrationsDir = path.join(import.meta.dirname, "migrations");
/** Any constant shared by all processes: two API processes starting together migrate once. */
const MIGRATION_LOCK_ID = 7_146_251;

/** Applies every migrations/NNN-name.sql not applied yet, in order, each in its own transaction. */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => /^\d{3}-[\w-]+\.sql$/.test(name)).sort();
  const applied: string[] = [];
  await database.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
        connection,
      );
      const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(connection);
      const doneNames = new Set(done.rows.map((row) => row.name));
      for (const file of files) {
        if (doneNames.has(file)) continue;
        const script = await readFile(path.join(migrationsDir, file), "utf8");
        // One simple-protocol round trip: BEGIN … COMMIT makes each file all-or-nothing.
        await sql
          .raw(`BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`)
          .execute(connection)
          .catch(async (error: unknown) => {
            await sql
              .raw("ROLLBACK")
              .execute(connection)
              .catch(() => {});
            throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
          });
        applied.push(file);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
    }
  });
  return applied;
}
