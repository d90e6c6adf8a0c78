import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "kysely";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import { icsLines, mailsTo } from "../../../test/auth-helpers";
import { useTestApp } from "../../../test/test-app";
import { CONTENDERS, expectNoOverlappingSeatings, skipUnlessPostgres } from "../../../test/booking-races";
import { liveRows, raceIntoOneSlot, bookOnePerDiner, SEPARATE_TIMES, TABLES } from "../../../test/move-races";
import {
  raceParticipants,
  makeReservation,
  modifyReservation,
  romeDate,
  tableRequest,
  type BookingFixture,
  type Diner,
} from "../../../test/reservation-helpers";

/**
 * Moves under contention (decision 025): the exclusion constraint decides, a refused move leaves
 * the booking as it was, and moves in opposite directions never deadlock. Only a real PostgreSQL
 * server runs these requests concurrently; PGlite has one connection and serialises them, so a race
 * there proves nothing. At most 50 requests are in flight at once (the test pool holds 60).
 */
const t = useTestApp();
let f: BookingFixture;
/** One diner per contender: 50 accounts, each with one booking of its own. */
let diners: Diner[];
beforeAll(async () => {
  if (t.database.kind !== "postgres") return;
  ({ f, diners } = await raceParticipants(t, CONTENDERS));
});

describe("50 diners moving their bookings into one seating at once", () => {
  it("onto one named table: exactly one moves, the other 49 keep their original bookings", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const held = await bookOnePerDiner(t, f, diners, 1);
    await raceIntoOneSlot(t, held, { date: romeDate(3), tableId: f.allDay.tables[3] }, 1, "table_taken");
  });

  it("onto any table that fits: exactly as many move as there are tables, the rest keep theirs", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const held = await bookOnePerDiner(t, f, diners, 4);
    // Three tables in service seat two: three winners, whatever table each was picked.
    await raceIntoOneSlot(t, held, { date: romeDate(6) }, TABLES.length, "no_table_free");
  });
});

describe("a move racing a new booking of the same table", () => {
  it("lets exactly one win and loses no booking, 20 rounds over", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const [mover, booker] = [diners[0]!, diners[1]!];
    for (let round = 0; round < 20; round++) {
      const date = romeDate(10 + Math.floor(round / 5));
      const startTime = SEPARATE_TIMES[(round % 5) * 3]!;
      const newTime = SEPARATE_TIMES[(round % 5) * 3 + 1]!;
      const original = await makeReservation(t, mover, tableRequest(f.allDay, 1, date, startTime));
      expect(original.statusCode).toBe(201);
      const id = (original.json() as ReservationResponse).reservation.id;

      const [move, booking] = await Promise.all([
        modifyReservation(t, mover, id, { date, time: newTime, numberOfPeople: 2, tableId: f.allDay.tables[2] }),
        makeReservation(t, booker, tableRequest(f.allDay, 2, date, newTime)),
      ]);
      const label = `round ${round}: move ${move.statusCode}, booking ${booking.statusCode}`;
      // Exactly one wins: the move (200) or the new booking (201).
      expect(["200/409", "409/201"], label).toContain(`${move.statusCode}/${booking.statusCode}`);
      const row = (await liveRows(t, [id])).get(id)!;
      expect(row.status, label).toBe("confirmed");
      if (move.statusCode === 200) {
        expect(row.table_id, label).toBe(f.allDay.tables[2]);
        expect(booking.json(), label).toMatchObject({ code: "table_taken" });
      } else {
        expect(booking.statusCode, label).toBe(201);
        expect(row.table_id, label).toBe(f.allDay.tables[1]);
        expect(move.json(), label).toMatchObject({ code: "table_taken" });
      }
    }
    await expectNoOverlappingSeatings(t);
  });
});

describe("two moves crossing between two tables at once", () => {
  // Taking the two tables' locks in the order of each request deadlocks here (checked: a 500 in
  // round 1); the one order by key never does.
  it("both succeed, 20 rounds over: the locks are taken in one order, no deadlock", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const [anna, bruno] = [diners[2]!, diners[3]!];
    for (let round = 0; round < 20; round++) {
      const date = romeDate(20 + Math.floor(round / 7));
      const [from, to] = [SEPARATE_TIMES[(round % 7) * 2]!, SEPARATE_TIMES[(round % 7) * 2 + 1]!];
      const a = await makeReservation(t, anna, tableRequest(f.allDay, 1, date, from));
      const b = await makeReservation(t, bruno, tableRequest(f.allDay, 2, date, from));
      const ids = [a, b].map((res) => (res.json() as ReservationResponse).reservation.id);
      // Anna leaves table 1 for table 2, Bruno table 2 for table 1, at the same moment.
      const answers = await Promise.all([
        modifyReservation(t, anna, ids[0]!, { date, time: to, numberOfPeople: 2, tableId: f.allDay.tables[2] }),
        modifyReservation(t, bruno, ids[1]!, { date, time: to, numberOfPeople: 2, tableId: f.allDay.tables[1] }),
      ]);
      expect(
        answers.map((res) => res.statusCode),
        `round ${round}`,
      ).toEqual([200, 200]);
    }
    await expectNoOverlappingSeatings(t);
  });
});

type Step =
  | { kind: "book"; diner: number; table: number; time: number; people: number }
  | { kind: "modify"; pick: number; time: number; people: number; table: number | null }
  | { kind: "cancel"; pick: number };

/** A few seatings that overlap in many ways, so steps collide often. */
const PROPERTY_TIMES = ["19:00", "19:30", "20:00", "20:30", "21:00", "22:00"];
const PROPERTY_DINERS = 5;

describe("one booking moved eight ways at once", () => {
  it("every move stands in turn: each mails a SEQUENCE of its own, and the row is the last, 5 rounds over", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const who = diners[0]!;
    for (let round = 0; round < 5; round++) {
      const date = romeDate(86 + (round % 3));
      const booked = await makeReservation(t, who, tableRequest(f.allDay, 1, date, "12:00"));
      expect(booked.statusCode, booked.body).toBe(201);
      const { id } = (booked.json() as ReservationResponse).reservation;
      const times = ["13:00", "13:15", "13:30", "13:45", "14:00", "14:15", "14:30", "14:45"];
      const answers = await Promise.all(
        times.map((time) =>
          modifyReservation(t, who, id, { date, time, numberOfPeople: 2, tableId: f.allDay.tables[1] }),
        ),
      );
      // Each lost try reads the booking again (decision 075): all eight stand, one after the other.
      expect(answers.map((res) => res.statusCode)).toEqual(times.map(() => 200));
      const row = await t.database.db
        .selectFrom("reservations")
        .select(["calendar_sequence", "starts_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.calendar_sequence).toBe(8);
      const mails = (await mailsTo(t.app, who.email, "reservation-moved")).filter((mail) =>
        icsLines(mail).includes(`UID:${id}`),
      );
      const sequences = mails.map((mail) => icsLines(mail).find((line) => line.startsWith("SEQUENCE:")));
      // A move made from a version another move had replaced would mail a SEQUENCE twice, and calendars drop the second.
      expect(sequences.sort()).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"].map((n) => `SEQUENCE:${n}`));
      const last = answers.map((res) => (res.json() as ReservationResponse).reservation.startsAt);
      expect(last).toContain(row.starts_at.toISOString());
      await sql`DELETE FROM reservations WHERE id = ${id}`.execute(t.database.db);
    }
  });
});

describe("random concurrent book, modify and cancel sequences (fast-check)", () => {
  it("never double-book a table, and every diner has exactly the bookings they were told they have", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant("book" as const),
        diner: fc.nat({ max: PROPERTY_DINERS - 1 }),
        table: fc.constantFrom(...TABLES),
        time: fc.nat({ max: PROPERTY_TIMES.length - 1 }),
        people: fc.integer({ min: 1, max: 6 }),
      }),
      fc.record({
        kind: fc.constant("modify" as const),
        pick: fc.nat(),
        time: fc.nat({ max: PROPERTY_TIMES.length - 1 }),
        people: fc.integer({ min: 1, max: 6 }),
        table: fc.option(fc.constantFrom(...TABLES)),
      }),
      fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        // Batches of steps run concurrently; batches run one after the other.
        fc.array(fc.array(step, { minLength: 2, maxLength: 8 }), { minLength: 2, maxLength: 6 }),
        async (batches) => {
          // A day of its own per run: what earlier runs booked does not interfere.
          const date = romeDate(30 + (run++ % 55));
          await sql`DELETE FROM reservations WHERE starts_at::date BETWEEN ${date}::date - 1 AND ${date}::date + 1`.execute(
            t.database.db,
          );
          /** What each answer told its diner they hold, by reservation id. */
          const told = new Map<string, { who: number; table: string | null; startsAt: string; people: number }>();
          for (const batch of batches) {
            // Each booking is the target of one step per batch at most, so the answers say what happened to it.
            const targeted = new Set<string>();
            const pickOf = (pick: number) => {
              const ids = [...told.keys()].filter((id) => !targeted.has(id));
              const id = ids[pick % Math.max(1, ids.length)];
              if (id) targeted.add(id);
              return id;
            };
            await Promise.all(
              batch.map(async (s) => {
                if (s.kind === "book") {
                  const body = tableRequest(f.allDay, s.table, date, PROPERTY_TIMES[s.time]!, s.people);
                  const res = await makeReservation(t, diners[s.diner]!, body);
                  if (res.statusCode !== 201) {
                    expect(res.statusCode, res.body).toBeOneOf([400, 409]);
                    return;
                  }
                  const { reservation } = res.json() as ReservationResponse;
                  told.set(reservation.id, {
                    who: s.diner,
                    table: reservation.tableId,
                    startsAt: reservation.startsAt,
                    people: reservation.numberOfPeople,
                  });
                  return;
                }
                const id = pickOf(s.pick);
                if (!id) return;
                const held = told.get(id)!;
                const who = diners[held.who]!;
                if (s.kind === "cancel") {
                  const res = await t.app.inject({
                    method: "POST",
                    url: `/api/client/cancelReservation/${id}`,
                    headers: who.headers,
                  });
                  expect(res.statusCode, res.body).toBe(200);
                  told.delete(id);
                  return;
                }
                const res = await modifyReservation(t, who, id, {
                  date,
                  time: PROPERTY_TIMES[s.time],
                  numberOfPeople: s.people,
                  ...(s.table === null ? {} : { tableId: f.allDay.tables[s.table] }),
                });
                if (res.statusCode !== 200) {
                  // Taken, or a table too small: the booking stays as the diner was told.
                  expect(res.statusCode, res.body).toBeOneOf([400, 409]);
                  return;
                }
                const { reservation } = res.json() as ReservationResponse;
                told.set(id, {
                  who: held.who,
                  table: reservation.tableId,
                  startsAt: reservation.startsAt,
                  people: reservation.numberOfPeople,
                });
              }),
            );
            await expectNoOverlappingSeatings(t);
            for (const [index, who] of diners.slice(0, PROPERTY_DINERS).entries()) {
              const rows = await t.database.db
                .selectFrom("reservations")
                .select(["id", "table_id", "starts_at", "party_size"])
                .where("user_id", "=", who.userId)
                .where("status", "in", ["pending", "confirmed"])
                .where(sql<boolean>`starts_at::date BETWEEN ${date}::date - 1 AND ${date}::date + 1`)
                .execute();
              const actual = Object.fromEntries(
                rows.map((row) => [
                  row.id,
                  { table: row.table_id, startsAt: row.starts_at.toISOString(), people: row.party_size },
                ]),
              );
              const expected = Object.fromEntries(
                [...told]
                  .filter(([, held]) => held.who === index)
                  .map(([id, held]) => [id, { table: held.table, startsAt: held.startsAt, people: held.people }]),
              );
              expect(actual).toEqual(expected);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
