import { randomInt } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "../src/db/schema";

/** A name no other test user has, so finding it anywhere means finding this person. */
export function uniqueName(prefix: string): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join("");
  return `${prefix}${letters}`;
}

/** A mobile number no other test user has. */
export const uniquePhone = () => `+39333${String(randomInt(1_000_000, 9_999_999))}`;

/**
 * Every place a value appears in the database: each text-like column (text, varchar, json, jsonb,
 * arrays) of each table of the public schema, searched case-insensitively. Answers "table.column".
 */
export async function findEverywhere(db: Kysely<DB>, needles: string[]): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`.execute(
    db,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    for (const needle of needles) {
      const hit = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table)}
         WHERE strpos(lower(${sql.ref(column)}::text), ${needle.toLowerCase()}) > 0`.execute(db);
      if (hit.rows[0]!.n > 0) found.push(`${table}.${column} holds ${needle}`);
    }
  }
  return found;
}
