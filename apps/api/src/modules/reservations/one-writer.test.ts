import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One writer per table (decision 034): `reservations` is written by the reservations module's
 * reservation-writes.repository.ts alone. Every other file calls its operations; a second writer is
 * how a deletion once missed the waitlist's reference to a hold.
 */
const SRC = path.resolve(import.meta.dirname, "../..");
const WRITER = path.join("modules", "reservations", "reservation-writes.repository.ts");

/** A write of the table in Kysely or in SQL text, whatever the quoting, case or alias. */
const WRITES = [
  /\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*["'`]reservations\b/,
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:public\.)?"?reservations"?(?=[\s;(),]|$)/i,
];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map(async (entry): Promise<string[]> => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return /\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
    }),
  );
  return files.flat();
}

export function writersOf(files: { file: string; text: string }[]): string[] {
  return files.filter(({ text }) => WRITES.some((pattern) => pattern.test(text))).map(({ file }) => file);
}

describe("the reservations table has one writer", () => {
  it("no file but the reservations module's writes writes it (migrations aside)", async () => {
    const files = (await sourceFiles(SRC)).filter((file) => !file.includes(`${path.sep}migrations${path.sep}`));
    const read = await Promise.all(
      files.map(async (file) => ({ file: path.relative(SRC, file), text: await readFile(file, "utf8") })),
    );
    expect(writersOf(read)).toEqual([WRITER]);
  });

  it("recognises a write however it is spelled", () => {
    const spelled = [
      '.insertInto("reservations")',
      ".updateTable('reservations as r')",
      "db.deleteFrom(`reservations`)",
      "sql`UPDATE reservations SET status = 'released'`",
      "sql`insert into public.reservations (id) values (1)`",
      'DELETE FROM "reservations" WHERE id = $1',
    ];
    for (const text of spelled) expect(writersOf([{ file: "x.ts", text }]), text).toEqual(["x.ts"]);
    const reads = ['.selectFrom("reservations")', "sql`SELECT 1 FROM reservations_audit`", "UPDATE reservations_x"];
    for (const text of reads) expect(writersOf([{ file: "x.ts", text }]), text).toEqual([]);
  });
});
