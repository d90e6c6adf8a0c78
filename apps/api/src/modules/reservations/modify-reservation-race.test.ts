import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "kysely";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import { useTestApp } from "../../../test/test-app";
import {
  CONTENDERS,
  expectNoOverlappingSeatings,
  OVERLAPPING_TIMES,
  skipUnlessPostgres,
} from "../../../test/booking-races";
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

/** The three tables in service of the all-day restaurant, by number. */
const TABLES = [1, 2, 3];
/** Fifteen 90-minute seatings of a day that do not overlap: 00:00, 01:30 … 21:00. */
const SEPARATE_TIMES = Array.from({ length: 15 }, (_, i) => {
  const minutes = i * 90;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
});

interface Held {
  id: string;
  who: Diner;
  tableId: string;
  startsAt: string;
}

/** One booking per diner, all on separate seatings of `firstDay` and the days after (45 per day). */
async function bookOnePerDiner(firstDay: number): Promise<Held[]> {
  const held: Held[] = [];
  for (const [i, who] of diners.entries()) {
    const day = firstDay + Math.floor(i / 45);
    const table = TABLES[i % 3]!;
    const time = SEPARATE_TIMES[Math.floor(i / 3) % 15]!;
    const res = await makeReservation(t, who, tableRequest(f.allDay, table, romeDate(day), time));
    expect(res.statusCode, res.body).toBe(201);
    const { reservation } = res.json() as ReservationResponse;
    held.push({ id: reservation.id, who, tableId: reservation.tableId!, startsAt: reservation.startsAt });
  }
  return held;
}

/** Each booking's live row: still there, and where it was unless it moved. */
async function liveRows(ids: string[]) {
  const rows = await t.database.db
    .selectFrom("reservations")
    .select(["id", "table_id", "starts_at", "status"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** 50 diners move their own booking into one seating at once; `winners` may get it. */
async function raceIntoOneSlot(
  held: Held[],
  target: { date: string; tableId?: string },
  winners: number,
  losingCode: string,
): Promise<void> {
  const answers = await Promise.all(
    held.map((booking, i) =>
      modifyReservation(t, booking.who, booking.id, {
        date: target.date,
        time: OVERLAPPING_TIMES[i % OVERLAPPING_TIMES.length],
        numberOfPeople: 2,
        ...(target.tableId ? { tableId: target.tableId } : {}),
      }),
    ),
  );
  const statuses = answers.map((res) => res.statusCode).sort();
  expect(statuses).toEqual([...Array<number>(winners).fill(200), ...Array<number>(CONTENDERS - winners).fill(409)]);
  const rows = await liveRows(held.map((booking) => booking.id));
  let kept = 0;
  let moved = 0;
  for (const [i, res] of answers.entries()) {
    const booking = held[i]!;
    const row = rows.get(booking.id)!;
    // Never neither: every booking is still live, whichever answer its diner got.
    expect(row.status).toBe("confirmed");
    if (res.statusCode === 409) {
      expect(res.json()).toMatchObject({ code: losingCode });
      expect({ table: row.table_id, at: row.starts_at.toISOString() }).toEqual({
        table: booking.tableId,
        at: booking.startsAt,
      });
      kept++;
    } else {
      const { reservation } = res.json() as ReservationResponse;
      expect({ table: row.table_id, at: row.starts_at.toISOString() }).toEqual({
        table: reservation.tableId,
        at: reservation.startsAt,
      });
      expect(reservation.date).toBe(target.date);
      moved++;
    }
  }
  expect({ kept, moved }).toEqual({ kept: CONTENDERS - winners, moved: winners });
  await expectNoOverlappingSeatings(t);
}

describe("50 diners moving their bookings into one seating at once", () => {
  it("onto one named table: exactly one moves, the other 49 keep their original bookings", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const held = await bookOnePerDiner(1);
    await raceIntoOneSlot(held, { date: romeDate(3), tableId: f.allDay.tables[3] }, 1, "table_taken");
  });

  it("onto any table that fits: exactly as many move as there are tables, the rest keep theirs", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const held = await bookOnePerDiner(4);
    // Three tables in service seat two: three winners, whatever table each was picked.
    await raceIntoOneSlot(held, { date: romeDate(6) }, TABLES.length, "no_table_free");
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
      const row = (await liveRows([id])).get(id)!;
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
