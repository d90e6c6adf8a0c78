import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { instantOfWallClock } from "@tavolo/shared/dates";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import {
  DELETION_ROLLED_BACK,
  deletionHoldingDiner,
  heldTransaction,
  skipUnlessPostgres,
  untilSomeoneWaitsOnLock,
} from "../../../test/booking-races";
import {
  cancelReservation,
  createBookingFixture,
  diner,
  makeReservation,
  modifyReservation,
  ROME,
  romeDate,
  tableRequest,
  type BookingFixture,
} from "../../../test/reservation-helpers";
import { useTestApp } from "../../../test/test-app";
import {
  answerHold,
  expireHolds,
  fillAllTables,
  joined,
  liveHolds,
  offerHoldAt20,
  waitingAt20,
} from "../../../test/waitlist-helpers";

/**
 * An account deletion locks the diner's row, then their bookings, holds and entries (decision 021).
 * A write that holds one of those and then asks for the diner's row (its mail's foreign key, a hold
 * for them) must take the row first, in the deletion's order, or the two deadlock (decision 076).
 * Each test catches a deletion midway in its own transaction, so the race happens every time. On
 * PostgreSQL only: PGlite runs one statement at a time.
 */
const t = useTestApp();
let f: BookingFixture;
beforeAll(async () => {
  if (t.database.kind !== "postgres") return;
  f = await createBookingFixture(t);
});

async function bookedBy(who: Awaited<ReturnType<typeof diner>>, date: string, table: number) {
  const booked = await makeReservation(t, who, tableRequest(f.allDay, table, date, "12:00"));
  expect(booked.statusCode, booked.body).toBe(201);
  return (booked.json() as ReservationResponse).reservation.id;
}

/**
 * Starts `act` while a deletion of the diner holds their row (`deletionHoldingDiner`, touching
 * `rowId` next), lets the deletion go on once `act` has ended or someone waits on a lock, and
 * answers which came first and what `act` answered. The deletion rolls back: the diner stays.
 */
async function duringDeletion<T>(userId: string, rowId: string, act: () => Promise<T>) {
  const deletion = deletionHoldingDiner(t, userId, rowId);
  await deletion.held;
  const acting = act();
  const first = await Promise.race([acting.then(() => "it ended" as const), untilSomeoneWaitsOnLock(t)]);
  deletion.finish();
  await expect(deletion.done).rejects.toThrow(DELETION_ROLLED_BACK);
  return { first, result: await acting };
}

describe("a write of the diner's meeting their account deletion", () => {
  it("a move waits for the deletion's lock on the diner before it takes the booking: no deadlock", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const who = await diner(t);
    const date = romeDate(89);
    const id = await bookedBy(who, date, 2);
    const move = { date, time: "13:00", numberOfPeople: 2, tableId: f.allDay.tables[2] };
    const { first, result } = await duringDeletion(who.userId, id, () => modifyReservation(t, who, id, move));
    expect(first).toBe("a session waits on a lock");
    expect(result.statusCode, result.body).toBe(200);
  });

  it("a confirm waits for the deletion's lock on the diner before it takes the hold: no deadlock", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const holder = await diner(t);
    const { hold } = await offerHoldAt20(t, f, holder, romeDate(21));
    const { first, result } = await duringDeletion(holder.userId, hold.id, () =>
      answerHold(t, holder, hold.id, "confirm"),
    );
    expect(first).toBe("a session waits on a lock");
    expect(result.statusCode, result.body).toBe(200);
  });

  it("a freed table goes past a waiting diner deleted meanwhile to the next in line", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const [first, next, owner] = await Promise.all([diner(t), diner(t), diner(t)]);
    const date = romeDate(22);
    const bookings = await fillAllTables(t, f, [owner], date, "20:00");
    await joined(t, first, waitingAt20(f, date));
    await joined(t, next, waitingAt20(f, date));
    // The first in line deletes the account while the line is matched: read as waiting, gone at the hold.
    const deletion = heldTransaction(t, async (trx) => {
      await sql`SELECT id FROM users WHERE id = ${first.userId} FOR UPDATE`.execute(trx);
      await sql`DELETE FROM waitlist_entries WHERE user_id = ${first.userId}`.execute(trx);
      await sql`DELETE FROM users WHERE id = ${first.userId}`.execute(trx);
    });
    await deletion.held;
    const cancelled = cancelReservation(t, owner, bookings[1]!);
    await untilSomeoneWaitsOnLock(t);
    deletion.finish();
    await deletion.done;
    expect((await cancelled).statusCode).toBe(200);
    const { rows } = await sql<{ status: string; user_id: string }>`
      SELECT status, user_id FROM reservations WHERE table_id = ${f.allDay.tables[1]}
         AND starts_at = ${instantOfWallClock(date, "20:00", ROME)} AND status IN ('pending', 'confirmed', 'held')`.execute(
      t.database.db,
    );
    expect(rows.map((row) => [row.status, row.user_id])).toEqual([["held", next.userId]]);
  });

  it("a reminder pass goes past a booking whose diner is being deleted, and reminds it after", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const who = await diner(t);
    const id = await bookedBy(who, romeDate(60), 3);
    // Due now: starting within the lead, booked long before.
    await sql`UPDATE reservations SET starts_at = now() + interval '1 hour', ends_at = now() + interval '150 minutes',
      created_at = now() - interval '4 days' WHERE id = ${id}`.execute(t.database.db);
    const { first } = await duringDeletion(who.userId, id, () => t.app.reminderWorker.runOnce());
    expect(first).toBe("it ended");
    const reminded = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM reservation_reminders WHERE reservation_id = ${id}`.execute(t.database.db)
      ).rows[0]!.n;
    expect(await reminded()).toBe(0);
    // The diner stayed: the next pass reminds them.
    expect(await t.app.reminderWorker.runOnce()).toBe(1);
    expect(await reminded()).toBe(1);
  });

  it("the expiry worker goes past a lapsed hold whose diner is being deleted, though it would offer them another", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const [who, owner] = await Promise.all([diner(t), diner(t)]);
    const date = romeDate(23);
    const at20 = await fillAllTables(t, f, [owner], date, "20:00");
    const at2130 = await fillAllTables(t, f, [owner], date, "21:30");
    await joined(t, who, waitingAt20(f, date));
    await joined(t, who, { ...waitingAt20(f, date), timeFrom: "21:30", timeTo: "21:30" });
    // The 20:00 table is held for them; the 21:30 one waits, as nobody holds two for one day.
    expect((await cancelReservation(t, owner, at20[1]!)).statusCode).toBe(200);
    expect((await cancelReservation(t, owner, at2130[1]!)).statusCode).toBe(200);
    const [hold] = (await liveHolds(t)).filter((row) => row.user_id === who.userId);
    await expireHolds(t);
    // Releasing the lapsed hold would offer the 21:30 table to the same diner, asking for their row.
    const { first } = await duringDeletion(who.userId, hold!.id, () => t.app.waitlistWorker.runOnce());
    expect(first).toBe("it ended");
    // The diner stayed: the next pass releases the lapsed hold and holds 21:30 for them.
    await t.app.waitlistWorker.runOnce();
    const held = (await liveHolds(t)).filter((row) => row.user_id === who.userId);
    expect(held.map((row) => row.starts_at.toISOString())).toEqual([
      instantOfWallClock(date, "21:30", ROME)!.toISOString(),
    ]);
  });
});
