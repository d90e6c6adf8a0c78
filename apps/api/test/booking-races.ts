import { expect, type TestContext } from "vitest";
import { sql, type Transaction } from "kysely";
import type { DB } from "../src/db/schema";
import type { Diner } from "./reservation-helpers";
import { seatsOf } from "./offer-helpers";
import { eventually } from "./smtp-peer";
import type { TestApp } from "./test-app";

/**
 * The booking races of DESIGN §4, written once: the single-process suites send through inject(),
 * the scale-out suite through several API processes. `send` picks the way for contender i.
 */
export type Send = (
  contender: number,
  route: string,
  body: object,
  headers: Record<string, string>,
) => Promise<RaceAnswer>;
/** What the races read of an answer: inject()'s and an HTTP process's alike. */
interface RaceAnswer {
  statusCode: number;
  json(): unknown;
}

/**
 * Skips a race on PGlite: it has one connection and runs one statement at a time, so a race there
 * proves nothing (DESIGN §4). The races run in the api-pg project, one at a time (decision 078).
 */
export function skipUnlessPostgres(t: TestApp, ctx: TestContext): void {
  if (t.database.kind !== "postgres") {
    ctx.skip("PGlite runs one statement at a time, so a race on it proves nothing (DESIGN §4): run it in api-pg");
  }
}

/**
 * Resolves once a session of this test's database waits on a lock (`event`: only on that kind, e.g.
 * "advisory"), within 10 s: a request has reached the lock a test's own transaction holds.
 */
export async function untilSomeoneWaitsOnLock(t: TestApp, event?: "advisory" | "transactionid" | "tuple") {
  await eventually(async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'
         AND (${event ?? null}::text IS NULL OR wait_event = ${event ?? null})`.execute(t.database.db);
    return rows[0]!.n > 0 ? true : undefined;
  });
  return "a session waits on a lock" as const;
}

/**
 * A concurrent writer caught midway, for a race made certain: a transaction runs `before`, then waits
 * (`held` resolves) until `finish()` lets it run `after` and end. `done` settles with it.
 */
export function heldTransaction(
  t: TestApp,
  before: (trx: Transaction<DB>) => Promise<unknown>,
  after: (trx: Transaction<DB>) => Promise<unknown> = async () => {},
) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let heldNow!: () => void;
  const held = new Promise<void>((resolve) => (heldNow = resolve));
  const done = t.database.db.transaction().execute(async (trx) => {
    await before(trx);
    heldNow();
    await finished;
    await after(trx);
  });
  return { held, finish, done };
}

/** What a deletion caught by `deletionHoldingDiner` throws to roll itself back: the diner stays. */
export const DELETION_ROLLED_BACK = "rolled back: the diner stays";

/**
 * An account deletion in its order (account-deletion.service.ts), caught after it locked the diner's
 * row; once finished, it touches `rowId` (a booking or hold of theirs), as its cancel or release
 * would, and rolls back. A write that holds that row and then waits on the diner deadlocks with it.
 */
export function deletionHoldingDiner(t: TestApp, userId: string, rowId: string) {
  return heldTransaction(
    t,
    (trx) => sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx),
    async (trx) => {
      await sql`UPDATE reservations SET special_requests = special_requests WHERE id = ${rowId}`.execute(trx);
      throw new Error(DELETION_ROLLED_BACK);
    },
  );
}

export const CONTENDERS = 50;
/** Starts at most 75 minutes apart, 90-minute seatings: every pair overlaps, so one booking at most can win. */
export const OVERLAPPING_TIMES = ["19:00", "19:15", "19:30", "19:45", "20:00", "20:15"];

/** Status codes sorted, for the report of a failed round. */
const statusesOf = (answers: RaceAnswer[]) => answers.map((res) => res.statusCode).sort();

/** CONTENDERS diners book one table for overlapping seatings at once: exactly one 201, the rest 409 table_taken. */
export async function raceForOneTable(
  send: Send,
  diners: Diner[],
  target: { restaurantId: string; tableId: string; date: string },
  label: string,
): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: CONTENDERS }, (_, i) =>
      send(
        i,
        "/api/client/makeReservation",
        {
          restaurantId: target.restaurantId,
          tableId: target.tableId,
          date: target.date,
          time: OVERLAPPING_TIMES[i % OVERLAPPING_TIMES.length],
          numberOfPeople: 2,
        },
        diners[i % diners.length]!.headers,
      ),
    ),
  );
  expect(statusesOf(answers), label).toEqual([201, ...Array<number>(CONTENDERS - 1).fill(409)]);
  for (const lost of answers.filter((res) => res.statusCode === 409)) {
    expect(lost.json(), label).toMatchObject({ code: "table_taken" });
  }
}

/** No two live reservations of one table overlap. */
export async function expectNoOverlappingSeatings(t: TestApp): Promise<void> {
  const overlapping = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM reservations a JOIN reservations b
      ON a.table_id = b.table_id AND a.id < b.id
     AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
   WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')`.execute(t.database.db);
  expect(overlapping.rows[0]!.n).toBe(0);
}

/** No two live reservations of one table overlap, and `expected` reservations exist in all. */
export async function expectNoDoubleBooking(t: TestApp, expected: number): Promise<void> {
  await expectNoOverlappingSeatings(t);
  const all = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reservations`.execute(t.database.db);
  expect(all.rows[0]!.n).toBe(expected);
}

/** CONTENDERS diners book one seat each of an offer with `seats` left: exactly `seats` win, the rest 409 sold out. */
export async function raceForLastSeats(
  t: TestApp,
  send: Send,
  diners: Diner[],
  offer: { id: string; seats: number },
  label: string,
): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: CONTENDERS }, (_, i) =>
      send(i, "/api/client/bookLastMinute", { lastMinuteId: offer.id, people: 1 }, diners[i % diners.length]!.headers),
    ),
  );
  const codes = statusesOf(answers);
  expect(
    codes.filter((code) => code === 201),
    label,
  ).toHaveLength(offer.seats);
  expect(
    codes.filter((code) => code === 409),
    label,
  ).toHaveLength(CONTENDERS - offer.seats);
  for (const lost of answers.filter((res) => res.statusCode === 409)) {
    expect(lost.json(), label).toMatchObject({ code: "offer_sold_out" });
  }
  expect(await seatsOf(t, offer.id), label).toEqual({ available: 0, booked: offer.seats, total: offer.seats });
}

/** No offer anywhere has fewer than zero seats left. */
export async function expectNoNegativeSeats(t: TestApp): Promise<void> {
  const negative = await sql<{ n: number }>`SELECT count(*)::int AS n FROM offers WHERE available_seats < 0`.execute(
    t.database.db,
  );
  expect(negative.rows[0]!.n).toBe(0);
}
