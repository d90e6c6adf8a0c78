import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { createTestDatabase } from "../../test/test-database";
import { openDatabase, type Database } from "./database";
import type { DB } from "./schema";
import { StatementNames } from "./prepared-statements";

let database: Database;
let url: string | undefined;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, url, drop } = await createTestDatabase());
});
afterAll(() => drop());

/** The statements this connection has prepared with `text`, and how often each has run. */
async function preparedOn(connection: Kysely<DB>, text: string) {
  const { rows } = await sql<{ name: string; runs: number }>`
    SELECT name, generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE statement = ${text}`.execute(
    connection,
  );
  return rows;
}

const citiesBySlug = (connection: Kysely<DB>, slug: string) =>
  connection.selectFrom("cities").select(["id", "name_it"]).where("slug", "=", slug);

describe("named prepared statements (decision 068)", () => {
  it("parses a statement once per connection and runs it again with other parameters", async () => {
    await database.db.connection().execute(async (connection) => {
      for (const slug of ["milano", "roma", "napoli", "torino", "milano", "bari", "genova"])
        await citiesBySlug(connection, slug).execute();
      const prepared = await preparedOn(connection, citiesBySlug(connection, "milano").compile().sql);
      expect(prepared).toEqual([{ name: expect.stringMatching(/^tavolo_/), runs: 7 }]);
    });
  });

  it("runs a migration's script of several statements unnamed", async () => {
    // Pinned: a temporary table is its session's.
    await database.db.connection().execute(async (connection) => {
      await sql.raw("CREATE TEMP TABLE scratch_two (a int); INSERT INTO scratch_two VALUES (2);").execute(connection);
      const { rows } = await sql<{ a: number }>`SELECT a FROM scratch_two`.execute(connection);
      expect(rows).toEqual([{ a: 2 }]);
    });
  });

  it("parses a statement again under a new name once a migration changed its result columns", async () => {
    await sql`CREATE TABLE reshaped (a int)`.execute(database.db);
    await sql`INSERT INTO reshaped VALUES (1)`.execute(database.db);
    await database.db.connection().execute(async (connection) => {
      const everything = () =>
        sql<Record<string, number | null>>`SELECT * FROM reshaped WHERE a = ${1}`.execute(connection);
      expect((await everything()).rows).toEqual([{ a: 1 }]);
      await sql`ALTER TABLE reshaped ADD COLUMN b int`.execute(connection);
      // PostgreSQL refuses the old plan once; the next use is a statement of its own.
      await expect(everything()).rejects.toMatchObject({ code: "0A000" });
      expect((await everything()).rows).toEqual([{ a: 1, b: null }]);
    });
  });

  it.runIf(process.env.TAVOLO_TEST_DATABASE === "postgres")(
    "sends every statement unnamed when turned off, for a pooler in transaction mode",
    async () => {
      const unprepared = await openDatabase({ databaseUrl: url!, poolSize: 1, preparedStatements: false });
      try {
        await unprepared.db.connection().execute(async (connection) => {
          await citiesBySlug(connection, "milano").execute();
          expect(await preparedOn(connection, citiesBySlug(connection, "milano").compile().sql)).toEqual([]);
        });
      } finally {
        await unprepared.close();
      }
    },
  );
});

describe("StatementNames", () => {
  it("names a text once, and no more texts than its bound", () => {
    const names = new StatementNames(2);
    const first = names.nameOf("SELECT $1", 1);
    expect(names.nameOf("SELECT $1", 1)).toBe(first);
    expect(names.nameOf("SELECT $1, $2", 2)).toMatch(/^tavolo_/);
    expect(names.nameOf("SELECT $1, $2, $3", 3)).toBeUndefined();
    expect(names.nameOf("SELECT $1", 1)).toBe(first);
  });

  it("leaves a script without parameters unnamed, and names a text anew once forgotten", () => {
    const names = new StatementNames(10);
    expect(names.nameOf("BEGIN; SELECT 1; COMMIT;", 0)).toBeUndefined();
    expect(names.nameOf("SELECT 1", 0)).toMatch(/^tavolo_/);
    const before = names.nameOf("SELECT $1", 1);
    names.forget("SELECT $1");
    expect(names.nameOf("SELECT $1", 1)).not.toBe(before);
  });
});
