import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDatabase, startPglite, type Database } from "./database";
import { migrate } from "./migrate";
import { PreparingClient } from "./prepared-statements";
import { seed } from "../catalog/seed/seed";
import { IN_MEMORY_DATA_DIR } from "../data-dir";
import { emptyForNextFile, schemaFingerprint } from "../../test/pglite-handover";
import { createTestDatabase, pgliteSnapshot } from "../../test/test-database";
import { sql } from "kysely";

/**
 * The API suites hand a PGlite cluster from one test file to the next (decision 072): the next
 * file must find it as a new one, or get a new one.
 */
describe("a PGlite cluster handed to the next test file", () => {
  let cluster: PGlite;
  let migrated: string;
  /** A file's use of the cluster: its own pool, closed before the cluster is handed on, as test-database.ts does. */
  const asAFile = async (use: (database: Database) => Promise<unknown>) => {
    const database = await pgliteDatabase(cluster, PreparingClient, async () => {});
    try {
      await use(database);
    } finally {
      await database.close();
    }
  };
  beforeAll(async () => {
    cluster = await startPglite(IN_MEMORY_DATA_DIR, await pgliteSnapshot());
    await asAFile(migrate);
    migrated = await schemaFingerprint(cluster);
  });
  afterAll(() => cluster.close());

  const count = async (table: string) =>
    (await cluster.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

  it("comes back without rows, transaction, settings or locks, migrations kept", async () => {
    await asAFile((database) => seed(database.db, { restaurants: 2 }));
    expect(await count("restaurants")).toBe(2);
    await cluster.exec("SET statement_timeout = 1234; SELECT pg_advisory_lock(42); BEGIN; SELECT 1;");
    expect(await emptyForNextFile(cluster, migrated)).toBe(true);
    expect(await count("restaurants")).toBe(0);
    expect(await count("restaurant_tables")).toBe(0);
    expect(await count("schema_migrations")).toBeGreaterThan(10);
    expect(
      (await cluster.query<{ statement_timeout: string }>("SHOW statement_timeout")).rows[0]!.statement_timeout,
    ).toBe("0");
    expect(await count("pg_locks WHERE locktype = 'advisory'")).toBe(0);
    // No transaction left open: a new one starts at the top level.
    expect(
      (await cluster.query<{ level: string }>("SELECT txid_current_if_assigned() AS level")).rows[0]!.level,
    ).toBeNull();
  });

  it.each([
    ["a column added", "ALTER TABLE restaurants ADD COLUMN x int", "ALTER TABLE restaurants DROP COLUMN x"],
    [
      "a trigger",
      "CREATE FUNCTION fail() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RAISE EXCEPTION ''no''; END'; CREATE TRIGGER fail BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION fail()",
      "DROP TRIGGER fail ON users; DROP FUNCTION fail()",
    ],
    [
      "a default changed",
      "ALTER TABLE users ALTER COLUMN language SET DEFAULT 'en'",
      "ALTER TABLE users ALTER COLUMN language SET DEFAULT 'it'",
    ],
    [
      "planner statistics",
      "ANALYZE restaurants",
      "DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)",
    ],
  ])("is not handed on after %s", async (_change, change, undo) => {
    await asAFile((database) => seed(database.db, { restaurants: 1 }));
    await cluster.exec(change);
    expect(await emptyForNextFile(cluster, migrated)).toBe(false);
    expect(await count("restaurants")).toBe(1);
    await cluster.exec(undo);
    expect(await emptyForNextFile(cluster, migrated)).toBe(true);
  });

  it("a database closed before its first query refuses the next, rather than reach a cluster handed on", async () => {
    await (await createTestDatabase("pglite")).drop();
    const unused = await createTestDatabase("pglite");
    await unused.drop();
    await expect(sql`SELECT 1`.execute(unused.database.db)).rejects.toThrow();
  });
});
