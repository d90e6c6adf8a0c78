import { expect } from "vitest";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import type { TestApp } from "./test-app";
import { CONTENDERS, expectNoOverlappingSeatings, OVERLAPPING_TIMES } from "./booking-races";
import {
  makeReservation,
  modifyReservation,
  romeDate,
  tableRequest,
  type BookingFixture,
  type Diner,
} from "./reservation-helpers";

/* The races of moves (decision 025): 50 diners, each with a booking of their own, moving at once. */

/** The three tables in service of the all-day restaurant, by number. */
export const TABLES = [1, 2, 3];
/** Fifteen 90-minute seatings of a day that do not overlap: 00:00, 01:30 … 21:00. */
export const SEPARATE_TIMES = Array.from({ length: 15 }, (_, i) => {
  const minutes = i * 90;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
});

export interface Held {
  id: string;
  who: Diner;
  tableId: string;
  startsAt: string;
}

/** One booking per diner, all on separate seatings of `firstDay` and the days after (45 per day). */
export async function bookOnePerDiner(
  t: TestApp,
  f: BookingFixture,
  diners: Diner[],
  firstDay: number,
): Promise<Held[]> {
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
export async function liveRows(t: TestApp, ids: string[]) {
  const rows = await t.database.db
    .selectFrom("reservations")
    .select(["id", "table_id", "starts_at", "status"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** 50 diners move their own booking into one seating at once; `winners` may get it. */
export async function raceIntoOneSlot(
  t: TestApp,
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
  const rows = await liveRows(
    t,
    held.map((booking) => booking.id),
  );
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
