import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";

/**
 * Row count and a content checksum of every table, in one query: the cheap way to prove a batch
 * of refused requests changed nothing at all (not only the table the endpoint is about).
 */
export async function tableChecksums(db: Kysely<DB>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const parts = tables.rows.map(
    ({ name }) =>
      sql`SELECT ${name}::text AS name,
                 count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum
          FROM ${sql.id(name)} t`,
  );
  const result = await sql<{ name: string; sum: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return Object.fromEntries(result.rows.map((row) => [row.name, row.sum]));
}

/** The tables whose rows differ between two checksums (empty: nothing changed). */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/**
 * Waits for the mailer's background deliveries (each marks its outbox row when done), so a
 * delivery started by an earlier request is not mistaken for a change made by the batch.
 */
export async function outboxSettled(db: Kysely<DB>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await sql<{ n: number }>`SELECT count(*)::int AS n FROM mail_outbox WHERE attempts = 0`.execute(db);
    if (pending.rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending.rows[0]!.n} outbox mails still undelivered`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
