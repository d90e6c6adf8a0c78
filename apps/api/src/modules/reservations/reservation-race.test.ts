import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { instantOfWallClock } from "@tavolo/shared/dates";
import { seatingEnd } from "@tavolo/shared/reservation-slots";
import { useTestApp } from "../../../test/test-app";
import { post } from "../../../test/auth-helpers";
import {
  CONTENDERS,
  expectNoDoubleBooking,
  OVERLAPPING_TIMES,
  raceForOneTable,
  type Send,
  skipUnlessPostgres,
} from "../../../test/booking-races";
import { raceParticipants, romeDate, ROME, type BookingFixture, type Diner } from "../../../test/reservation-helpers";

/**
 * DESIGN §4: no double booking under any load. Only a real PostgreSQL server runs these requests
 * concurrently; PGlite has one connection and serialises them, so a race there proves nothing.
 */
const ROUNDS = 20;

const t = useTestApp();
let f: BookingFixture;
let diners: Diner[];
beforeAll(async () => {
  if (t.database.kind !== "postgres") return;
  ({ f, diners } = await raceParticipants(t, 10));
});

/** Round r races for one table on one day; no two rounds share both. */
function roundTarget(round: number) {
  const tableNumber = 1 + (round % 3);
  return { tableNumber, tableId: f.allDay.tables[tableNumber]!, date: romeDate(1 + Math.floor(round / 3)) };
}

describe("50 diners booking one table at once", () => {
  it("lets exactly one win and answers the other 49 with 409, 20 rounds over", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const send: Send = (_, route, body, headers) => post(t.app, route, body, headers);
    for (let round = 0; round < ROUNDS; round++) {
      const { tableId, date } = roundTarget(round);
      await raceForOneTable(send, diners, { restaurantId: f.allDay.id, tableId, date }, `round ${round}`);
    }
    await expectNoDoubleBooking(t, ROUNDS);
  });

  it("proves it can fail: the same race against a naive check-then-insert oversells", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const db = t.database.db;
    // What the exclusion constraint replaces: a table with no constraint, guarded by a look first.
    await sql`CREATE TABLE naive_bookings (table_id uuid NOT NULL, starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL)`.execute(
      db,
    );
    async function naiveBook(tableId: string, startsAt: Date, endsAt: Date): Promise<boolean> {
      const clash = await sql`
        SELECT 1 FROM naive_bookings
         WHERE table_id = ${tableId} AND tstzrange(starts_at, ends_at) && tstzrange(${startsAt}, ${endsAt})`.execute(
        db,
      );
      if (clash.rows.length > 0) return false;
      await sql`INSERT INTO naive_bookings VALUES (${tableId}, ${startsAt}, ${endsAt})`.execute(db);
      return true;
    }

    const winnersPerRound: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { tableId, date } = roundTarget(round);
      const won = await Promise.all(
        Array.from({ length: CONTENDERS }, (_, i) => {
          const startsAt = instantOfWallClock(date, OVERLAPPING_TIMES[i % OVERLAPPING_TIMES.length]!, ROME)!;
          return naiveBook(tableId, startsAt, seatingEnd(startsAt));
        }),
      );
      winnersPerRound.push(won.filter(Boolean).length);
    }
    // Several "successful" bookings of one table for overlapping seatings: the double booking the
    // constraint prevents, so the race above would catch its absence.
    expect(Math.max(...winnersPerRound), `winners per round: ${winnersPerRound.join(", ")}`).toBeGreaterThan(1);
  });
});
