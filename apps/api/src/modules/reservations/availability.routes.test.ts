import { describe, expect, it } from "vitest";
import type { AvailableTablesResponse } from "@tavolo/shared/restaurants";
import { useFixture, useTestApp } from "../../../test/test-app";
import { createBookingFixture, diner, makeReservation, nextWeekday, romeDate } from "../../../test/reservation-helpers";
import { joined, liveHolds } from "../../../test/waitlist-helpers";

const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));
const mario = useFixture(() => diner(t));

const tables = async (restaurantId: string, query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/client/getAvailableTables/${restaurantId}?${query}`,
    headers,
  });
  expect(res.statusCode, query).toBe(200);
  return res.json() as AvailableTablesResponse;
};
/** Table number → isAvailable. */
const byNumber = (answer: AvailableTablesResponse) =>
  Object.fromEntries(answer.tables.map((table) => [table.number, table.isAvailable]));

async function book(
  restaurant: { id: string; tables: Record<number, string> },
  table: number,
  date: string,
  time: string,
) {
  const res = await makeReservation(t, mario, {
    restaurantId: restaurant.id,
    tableId: restaurant.tables[table],
    date,
    time,
    numberOfPeople: 2,
  });
  expect(res.statusCode, `${date} ${time}`).toBe(201);
  return res.json().reservation.id as string;
}

describe("getAvailableTables per seating", () => {
  it("marks a table taken only for the seatings that overlap its booking", async () => {
    const date = romeDate(1);
    await book(f.allDay, 1, date, "19:00");
    const at = async (time: string) => byNumber(await tables(f.allDay.id, `date=${date}&time=${time}`));
    // Booked 19:00–20:30: 17:30 ends as it starts and 20:30 starts as it ends.
    expect(await at("19:00")).toEqual({ 1: false, 2: true, 3: true });
    expect(await at("20:15")).toEqual({ 1: false, 2: true, 3: true });
    expect(await at("17:45")).toEqual({ 1: false, 2: true, 3: true });
    expect(await at("17:30")).toEqual({ 1: true, 2: true, 3: true });
    expect(await at("20:30")).toEqual({ 1: true, 2: true, 3: true });
  });

  it("lists only tables in service, fits the party, and leaves every table unavailable at a time that is no seating", async () => {
    const date = romeDate(2);
    const forFive = await tables(f.allDay.id, `date=${date}&time=20:00&people=5`);
    expect(forFive.tables.map((table) => table.number)).toEqual([1, 2, 3]);
    expect(byNumber(forFive)).toEqual({ 1: false, 2: false, 3: true });
    for (const time of ["19:07", "23:00"]) {
      expect(byNumber(await tables(f.allDay.id, `date=${date}&time=${time}`)), time).toEqual({
        1: false,
        2: false,
        3: false,
      });
    }
  });

  it("with a date only, describes the day's next seating: its bookings and holds are taken (decision 035)", async () => {
    const date = nextWeekday(4);
    const [anna, luca] = [await diner(t), await diner(t)];
    // The dinner service seats from 19:00 to 21:30. At 19:00 table 2 is booked, table 1 held for
    // the first in line; both are free again from 20:30.
    await book(f.dinner, 2, date, "19:00");
    const annas = await makeReservation(t, anna, {
      restaurantId: f.dinner.id,
      tableId: f.dinner.tables[1],
      date,
      time: "19:00",
      numberOfPeople: 2,
    });
    expect(annas.statusCode, annas.body).toBe(201);
    await joined(t, luca, { restaurantId: f.dinner.id, date, timeFrom: "19:00", timeTo: "19:00", people: 2 });
    await t.app.cancelBooking(anna.userId, annas.json().reservation.id, "it");
    expect((await liveHolds(t)).map((hold) => hold.table_id)).toEqual([f.dinner.tables[1]]);

    const day = await tables(f.dinner.id, `date=${date}`);
    expect(byNumber(day)).toEqual({ 1: false, 2: false });
    expect(day).toMatchObject({ success: true, date, time: "19:00" });
    expect(byNumber(day)).toEqual(byNumber(await tables(f.dinner.id, `date=${date}&time=19:00`)));
    expect(day.slots).toEqual(["20:30", "20:45", "21:00", "21:15", "21:30"]);
    // Only table 1 seats three: the same moment, nothing for them.
    expect(byNumber(await tables(f.dinner.id, `date=${date}&people=3`))).toEqual({ 1: false, 2: false });
    // Today, the next seating still to come, which is the first time offered when nothing is booked.
    const today = await tables(f.allDay.id, "");
    expect(today.time).toBe(today.slots[0] ?? null);
  });

  it("frees the table again once its booking is cancelled", async () => {
    const date = romeDate(3);
    const id = await book(f.allDay, 3, date, "12:00");
    expect(byNumber(await tables(f.allDay.id, `date=${date}&time=12:00`))[3]).toBe(false);
    await t.app.inject({ method: "POST", url: `/api/client/cancelReservation/${id}`, headers: mario.headers });
    expect(byNumber(await tables(f.allDay.id, `date=${date}&time=12:00`))[3]).toBe(true);
  });

  it("offers nothing on a closed day, and only seatings still to come today", async () => {
    const closed = await tables(f.dinner.id, `date=${nextWeekday(1)}`);
    expect(closed.slots).toEqual([]);
    expect(byNumber(closed)).toEqual({ 1: false, 2: false });
    const today = await tables(f.allDay.id, "");
    expect(today.date).toBe(romeDate(0));
    expect(today.slots).not.toContain("00:00");
  });

  it("is revalidated by browsers on every read (a booking changes it at once)", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/client/getAvailableTables/${f.allDay.id}` });
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.etag).toBeDefined();
  });
});

describe("getAvailableTables input", () => {
  it("rejects past dates, dates past the horizon, bad formats and party sizes outside 1-10", async () => {
    for (const query of [
      "date=2020-01-01",
      `date=${romeDate(-1)}`,
      `date=${romeDate(91)}`,
      "date=31-12-2030",
      "date=2030-02-30",
      "people=0",
      "people=11",
      "people=abc",
      "time=25:00",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/client/getAvailableTables/${f.allDay.id}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const past = await t.app.inject({
      method: "GET",
      url: `/api/client/getAvailableTables/${f.allDay.id}?date=${romeDate(-1)}`,
      headers: { "accept-language": "en" },
    });
    expect(past.json().error).toBe("The date cannot be before today");
  });

  it("answers 404 for an unknown restaurant and 400 for a malformed id", async () => {
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/client/getAvailableTables/00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("restaurant_not_found");
    expect((await t.app.inject({ method: "GET", url: "/api/client/getAvailableTables/abc" })).statusCode).toBe(400);
  });
});
