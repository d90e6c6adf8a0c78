import { Kysely, PostgresDialect, type CompiledQuery } from "kysely";
import type pg from "pg";
import type { DB } from "../src/db/schema";

/** The tables that grow with the catalogue and the bookings: a hot query must never scan them. */
export const HOT_TABLES = ["restaurants", "restaurant_tables", "offers", "reservations"] as const;

/**
 * A Kysely over `pool` that records the SQL it sends, so a plan check EXPLAINs exactly what the
 * API executes rather than a hand-copied query. Destroying it would end `pool`: let the pool's
 * owner close it.
 */
export function capturingKysely(pool: pg.Pool): { db: Kysely<DB>; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === "query") queries.push(event.query);
    },
  });
  return { db, queries };
}

export interface QueryPlan {
  sql: string;
  plan: string;
  /** Tables read by a sequential scan anywhere in the plan. */
  seqScans: string[];
}

/** EXPLAIN (without running) one captured statement with its own parameters. */
export async function explainQuery(pool: pg.Pool, query: CompiledQuery): Promise<QueryPlan> {
  const result = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN ${query.sql}`, [...query.parameters]);
  const plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!);
  return { sql: query.sql, plan, seqScans };
}
