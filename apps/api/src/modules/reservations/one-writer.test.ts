import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One writer per table (decision 034): `reservations` is written by the reservations module's three
 * write repositories alone (reservation-writes.repository.ts, and the one statements of a table
 * booking, decision 074, and of a move, decision 075), and `offers.available_seats` by the offers
 * module. Every other file calls its operations; a second writer is
 * how a deletion once missed the waitlist's reference to a hold.
 */
const SRC = path.resolve(import.meta.dirname, "../..");
const WRITERS = [
  "move-writes.repository.ts",
  "reservation-writes.repository.ts",
  "table-booking-writes.repository.ts",
].map((file) => path.join("modules", "reservations", file));

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

/** An insert or update of `offers` (a delete changes no counter), in Kysely or in SQL text. */
const OFFER_WRITES = [
  /\b(?:insertInto|updateTable|mergeInto)\(\s*["'`]offers\b/,
  /\b(?:INSERT\s+INTO|UPDATE|MERGE\s+INTO)\s+(?:ONLY\s+)?(?:public\.)?"?offers"?(?=[\s;(),]|$)/i,
];

/** Files that write `offers.available_seats`: a write of the table naming the column. */
export function seatWritersOf(files: { file: string; text: string }[]): string[] {
  return files
    .filter(({ text }) => OFFER_WRITES.some((pattern) => pattern.test(text)) && /\bavailable_seats\b/.test(text))
    .map(({ file }) => file);
}

async function readSources() {
  const files = (await sourceFiles(SRC)).filter((file) => !file.includes(`${path.sep}migrations${path.sep}`));
  return Promise.all(
    files.map(async (file) => ({ file: path.relative(SRC, file), text: await readFile(file, "utf8") })),
  );
}

describe("the reservations table has one writer", () => {
  it("no file but the reservations module's writes writes it (migrations aside)", async () => {
    expect(writersOf(await readSources()).sort()).toEqual(WRITERS);
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

/**
 * An offer's seat counter is changed by the offers module alone (decision 034, amended): its
 * catalogue writes and its seat operations, which the reservations writer calls for a booking, a
 * hold, a cancellation and a release.
 */
describe("offers.available_seats has one writing module", () => {
  it("no file outside the offers module writes the counter", async () => {
    expect(seatWritersOf(await readSources()).sort()).toEqual([
      path.join("modules", "offers", "offer-seats.repository.ts"),
      path.join("modules", "offers", "offer-writes.repository.ts"),
    ]);
  });

  it("recognises a write of the counter however it is spelled", () => {
    const spelled = [
      '.updateTable("offers").set((eb) => ({ available_seats: eb("available_seats", "-", 2) }))',
      "cte.updateTable('offers').from('cancelled').set({ available_seats: 0 })",
      "sql`UPDATE offers SET available_seats = available_seats + 1`",
      'INSERT INTO "offers" (id, available_seats) VALUES ($1, $2)',
    ];
    for (const text of spelled) expect(seatWritersOf([{ file: "x.ts", text }]), text).toEqual(["x.ts"]);
    const others = [
      '.selectFrom("offers").select("available_seats")',
      '.updateTable("offers").set({ description_it: "" })',
      "sql`DELETE FROM offers WHERE id = $1` // available_seats",
      "UPDATE offers_archive SET available_seats = 0",
    ];
    for (const text of others) expect(seatWritersOf([{ file: "x.ts", text }]), text).toEqual([]);
  });
});
