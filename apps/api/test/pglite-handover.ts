import type { PGlite } from "@electric-sql/pglite";

/**
 * What a test file can leave behind in a PGlite cluster besides rows, read from the catalogue:
 * tables and their columns, defaults, constraints, indexes, triggers, functions, extensions and
 * schemas. Rows are emptied; anything here that differs from the migrated cluster closes it instead
 * (decision 072): the suites reshape tables, add failing triggers and replace functions on purpose.
 */
const SCHEMA = `
SELECT md5(string_agg(item, E'\\n' ORDER BY item)) AS fingerprint FROM (
  SELECT format('column %s.%s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                a.attnotnull, coalesce(pg_get_expr(d.adbin, d.adrelid), '')) AS item
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
   WHERE n.nspname = 'public'
  UNION ALL
  SELECT format('relation %s %s', c.relname, c.relkind) FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
  UNION ALL
  SELECT format('constraint %s %s', conname, pg_get_constraintdef(oid)) FROM pg_constraint
   WHERE connamespace = 'public'::regnamespace
  UNION ALL
  SELECT format('index %s', pg_get_indexdef(i.indexrelid)) FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public'
  UNION ALL
  SELECT format('trigger %s %s', tgname, pg_get_triggerdef(oid)) FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL
  SELECT format('function %s %s', p.oid::regprocedure, md5(p.prosrc)) FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
  UNION ALL
  SELECT format('extension %s %s', extname, extversion) FROM pg_extension
  UNION ALL
  SELECT format('schema %s', nspname) FROM pg_namespace
) items`;

/**
 * Planner statistics of the public tables: a fresh cluster has none, and a file that ran ANALYZE
 * would hand its plans on.
 */
const HAS_STATISTICS = `
SELECT EXISTS (
  SELECT 1 FROM pg_statistic s JOIN pg_class c ON c.oid = s.starelid
   WHERE c.relnamespace = 'public'::regnamespace
) AS analyzed`;

export async function schemaFingerprint(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ fingerprint: string }>(SCHEMA);
  return rows[0]!.fingerprint;
}

/**
 * Makes a cluster a finished file used look migrated and empty to the next: its session state
 * (an open transaction, settings, prepared statements, advisory locks, listeners) reset, and every
 * table's rows gone but the migrations' record. False, and nothing emptied, when the file changed
 * the schema or left statistics: the caller closes the cluster then.
 */
export async function emptyForNextFile(pglite: PGlite, migrated: string | undefined): Promise<boolean> {
  try {
    await pglite.exec("ROLLBACK");
    await pglite.exec("DISCARD ALL");
    if (migrated === undefined || (await schemaFingerprint(pglite)) !== migrated) return false;
    const { rows } = await pglite.query<{ analyzed: boolean }>(HAS_STATISTICS);
    if (rows[0]!.analyzed) return false;
    const tables = await pglite.query<{ name: string }>(
      "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'",
    );
    await pglite.exec(`TRUNCATE ${tables.rows.map((table) => table.name).join(", ")} RESTART IDENTITY CASCADE`);
    return true;
  } catch {
    return false;
  }
}
