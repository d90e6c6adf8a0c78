import { Kysely, PostgresDialect, type CompiledQuery } from "kysely";
import pg from "pg";
import type { DB } from "../../apps/api/src/db/schema";

/**
 * Runs repository functions against a database while recording the SQL they send, so the
 * benchmark can EXPLAIN exactly what the API executes rather than a hand-copied query.
 */
export async function captureQueries(
  databaseUrl: string,
  run: (db: Kysely<DB>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
    log: (event) => {
      if (event.level === "query") captured.push(event.query);
    },
  });
  try {
    await run(db);
  } finally {
    await db.destroy();
  }
  return captured;
}
