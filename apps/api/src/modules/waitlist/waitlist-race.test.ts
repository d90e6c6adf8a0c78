import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { instantOfWallClock } from "@tavolo/shared/dates";
import { startApiProcesses } from "../../../test/api-processes";
import { post } from "../../../test/auth-helpers";
import { heldTransaction, skipUnlessPostgres, untilSomeoneWaitsOnLock } from "../../../test/booking-races";
import {
  diner,
  cancelReservation,
  makeReservation,
  modifyReservation,
  raceParticipants,
  ROME,
  romeDate,
  type BookingFixture,
  type Diner,
} from "../../../test/reservation-helpers";
import { useTestApp } from "../../../test/test-app";
import { insertEntry, lockLine } from "./waitlist.repository";
import {
  answerHold,
  expireHolds,
  fillAllTables,
  joined,
  joinWaitlist,
  waitingAt20,
} from "../../../test/waitlist-helpers";

/**
 * The waitlist's write paths under concurrency (decision 029), on a real PostgreSQL server only:
 * PGlite has one connection and serialises everything.
 */
const t = useTestApp();
let f: BookingFixture;
let diners: Diner[];
beforeAll(async () => {
  if (t.database.kind !== "postgres") return;
  ({ f, diners } = await raceParticipants(t, 30));
});

const at20 = (date: string, people = 2) => waitingAt20(f, date, people);
const cancel = (who: Diner, id: string) => cancelReservation(t, who, id);

/** Rows occupying a table's 20:00 seating of `date` (bookings and holds). */
async function occupying(date: string, tableId: string) {
  const startsAt = instantOfWallClock(date, "20:00", ROME)!;
  const { rows } = await sql<{ id: string; status: string; user_id: string }>`
    SELECT id, status, user_id FROM reservations
     WHERE table_id = ${tableId} AND starts_at = ${startsAt} AND status IN ('pending', 'confirmed', 'held')`.execute(
    t.database.db,
  );
  return rows;
}

/** No entry was ever offered more than one hold. */
async function expectNoEntryOfferedTwice(): Promise<void> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM reservations WHERE waitlist_entry_id IS NOT NULL
     GROUP BY waitlist_entry_id HAVING count(*) > 1`.execute(t.database.db);
  expect(rows, "entries offered more than one hold").toEqual([]);
}

describe("two API processes running the expiry work at once", () => {
  it("release each due hold once and pass it on: no double hold, no lost hold, within 30 s", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const dates = [40, 41, 42, 43, 44].map((day) => romeDate(day));
    const owner = await diner(t);
    const waiters = diners.slice(0, 4);
    for (const date of dates) {
      const bookings = await fillAllTables(t, f, [owner], date, "20:00");
      for (const who of waiters) await joined(t, who, at20(date));
      await cancel(owner, bookings[1]!);
    }
    const processes = await startApiProcesses(t, 2, { WAITLIST_POLL_SECONDS: "0.2", WAITLIST_HOLD_MINUTES: "10" });
    const latencies: number[] = [];
    try {
      for (let round = 0; round < waiters.length; round++) {
        // Everyone's time runs out at once: both processes find the same due holds.
        for (const date of dates) {
          expect((await occupying(date, f.allDay.tables[1]!)).map((row) => row.user_id)).toEqual([
            waiters[round]!.userId,
          ]);
        }
        const dueAt = Date.now();
        await expireHolds(t);
        for (;;) {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM reservations WHERE status = 'held' AND hold_expires_at <= now()`.execute(
            t.database.db,
          );
          if (rows[0]!.n === 0) break;
          expect(Date.now() - dueAt, "expiry within 30 s").toBeLessThan(30_000);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        latencies.push(Date.now() - dueAt);
      }
      // After the last in line, every table is free for everyone.
      for (const date of dates) expect(await occupying(date, f.allDay.tables[1]!)).toEqual([]);
    } finally {
      await Promise.all(processes.map((process) => process.stop()));
    }
    await expectNoEntryOfferedTwice();
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status, count(*)::int AS n FROM waitlist_entries WHERE user_id = ANY(${waiters.map((w) => w.userId)}::uuid[])
       GROUP BY status`.execute(t.database.db);
    // Every waiter of every date had exactly one hold, and let it lapse.
    expect(rows).toEqual([{ status: "lapsed", n: waiters.length * dates.length }]);
    await ctx.annotate(`hold expiry latency per round (ms): ${latencies.join(", ")}`);
  });
});

describe("a cancellation racing 20 bookings of the table it frees", () => {
  it("leaves exactly one occupant of the seating (a hold or a booking), 10 rounds", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const [owner, waiter] = [diners[4]!, diners[5]!];
    const strangers = diners.slice(6, 26);
    for (let round = 0; round < 10; round++) {
      const date = romeDate(50 + round);
      const bookings = await fillAllTables(t, f, [owner], date, "20:00");
      await joined(t, waiter, at20(date));
      const answers = await Promise.all([
        cancel(owner, bookings[1]!),
        ...strangers.map((who) =>
          makeReservation(t, who, {
            restaurantId: f.allDay.id,
            tableId: f.allDay.tables[1],
            date,
            time: "20:00",
            numberOfPeople: 2,
          }),
        ),
      ]);
      expect(answers.filter((res) => res.statusCode >= 500)).toEqual([]);
      expect(await occupying(date, f.allDay.tables[1]!), `round ${round}`).toHaveLength(1);
      // Leave the line for the next round (the limit of 5).
      await sql`UPDATE waitlist_entries SET status = 'left' WHERE user_id = ${waiter.userId} AND status = 'waiting'`.execute(
        t.database.db,
      );
    }
  });
});

describe("confirm, decline and the worker on one hold at once", () => {
  it("one answer wins, the other is refused, the seating keeps exactly one occupant, 10 rounds", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const owner = diners[26]!;
    for (let round = 0; round < 10; round++) {
      const date = romeDate(60 + round);
      const [holder, next] = [await diner(t), await diner(t)];
      const bookings = await fillAllTables(t, f, [owner], date, "20:00");
      await joined(t, holder, at20(date));
      await joined(t, next, at20(date));
      await cancel(owner, bookings[1]!);
      const [hold] = await occupying(date, f.allDay.tables[1]!);
      if (round % 2 === 1) await expireHolds(t);
      const [confirm, decline] = await Promise.all([
        answerHold(t, holder, hold!.id, "confirm"),
        answerHold(t, holder, hold!.id, "decline"),
        t.app.waitlistWorker.runOnce(),
      ]);
      const codes = [confirm.statusCode, decline.statusCode];
      expect(
        codes.every((code) => code < 500),
        `round ${round}: ${confirm.body} ${decline.body}`,
      ).toBe(true);
      // Never both: a confirmed hold cannot be declined, a declined or lapsed one cannot be confirmed.
      expect(confirm.statusCode === 200 && decline.statusCode === 200, `round ${round}`).toBe(false);
      const rows = await occupying(date, f.allDay.tables[1]!);
      expect(rows, `round ${round}`).toHaveLength(1);
      expect(rows[0]!.user_id).toBe(confirm.statusCode === 200 ? holder.userId : next.userId);
    }
    await expectNoEntryOfferedTwice();
  });
});

describe("joins at once", () => {
  it("one diner's 12 simultaneous joins keep the limit of 5", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const who = await diner(t);
    // Every table taken: a free one is booked, not waited for (decision 035).
    for (let i = 0; i < 12; i++) await fillAllTables(t, f, [diners[26]!], romeDate(70 + i), "20:00");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => joinWaitlist(t, who, at20(romeDate(70 + i)))),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(7);
  });

  it("20 diners joining while the table frees: one hold for the seating, to one of them", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const owner = diners[27]!;
    for (let round = 0; round < 5; round++) {
      const date = romeDate(85 + round);
      const joiners = await Promise.all(Array.from({ length: 20 }, () => diner(t)));
      const bookings = await fillAllTables(t, f, [owner], date, "20:00");
      const answers = await Promise.all([
        cancel(owner, bookings[1]!),
        ...joiners.map((who) => post(t.app, "/api/client/waitlist", at20(date), who.headers)),
      ]);
      expect(answers.filter((res) => res.statusCode >= 500)).toEqual([]);
      const rows = await occupying(date, f.allDay.tables[1]!);
      const waiting = answers.slice(1).filter((res) => res.statusCode === 201);
      // Joined before the table freed: one of them holds it. Else every joiner was told it is free
      // (409 table_available) and nobody waits for a free table (decision 035).
      if (waiting.length > 0) {
        expect(rows, `round ${round}`).toHaveLength(1);
        expect(rows[0]!.status).toBe("held");
        expect(joiners.map((who) => who.userId)).toContain(rows[0]!.user_id);
      } else {
        expect(rows, `round ${round}`).toEqual([]);
        for (const res of answers.slice(1)) expect(res.json()).toMatchObject({ code: "table_available" });
      }
    }
    await expectNoEntryOfferedTwice();
  });

  it("a join in flight while a move frees its table: the move waits for it, and its diner gets the hold", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const [owner, joiner] = [diners[28]!, diners[29]!];
    const date = romeDate(20);
    const bookings = await fillAllTables(t, f, [owner], date, "20:00");
    const startsAt = instantOfWallClock(date, "20:00", ROME)!;
    // A join caught between its look (every table taken) and its commit: it holds the line's lock
    // and its entry is not visible yet.
    const join = heldTransaction(t, async (trx) => {
      await lockLine(trx, { restaurantId: f.allDay.id, offerId: null });
      await insertEntry(trx, {
        userId: joiner.userId,
        restaurantId: f.allDay.id,
        offerId: null,
        date,
        timeFrom: "20:00",
        timeTo: "20:00",
        windowStartsAt: startsAt,
        windowEndsAt: startsAt,
        people: 2,
      });
    });
    await join.held;
    const move = modifyReservation(t, owner, bookings[1]!, {
      date: romeDate(30),
      time: "20:00",
      numberOfPeople: 2,
      tableId: f.allDay.tables[1],
    });
    // The move queues on the line's lock (decision 075): seen as a session waiting on an advisory lock.
    // Moving without it, the move answers first, finds nobody waiting, and the table stays free.
    const first = await Promise.race([
      move.then(() => "move answered" as const),
      untilSomeoneWaitsOnLock(t, "advisory"),
    ]);
    join.finish();
    await join.done;
    expect(first).toBe("a session waits on a lock");
    expect((await move).statusCode).toBe(200);
    const rows = await occupying(date, f.allDay.tables[1]!);
    expect(rows.map((row) => [row.status, row.user_id])).toEqual([["held", joiner.userId]]);
  });
});
