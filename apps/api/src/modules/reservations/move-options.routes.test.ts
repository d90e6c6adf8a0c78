import { describe, expect, it } from "vitest";
import type { AvailableTablesResponse } from "@tavolo/shared/restaurants";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import { useFixture, useTestApp } from "../../../test/test-app";
import {
  cancelReservation,
  createBookingFixture,
  diner,
  makeReservation,
  romeDate,
  tableRequest,
  type Diner,
} from "../../../test/reservation-helpers";

const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));

async function book(who: Diner, table: number, date: string, time: string, people = 2): Promise<string> {
  const res = await makeReservation(t, who, tableRequest(f.allDay, table, date, time, people));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ReservationResponse).reservation.id;
}
const query = (date: string, time: string, people: number) => `date=${date}&time=${time}&people=${people}`;
const forMove = (who: Diner | null, id: string, q: string) =>
  t.app.inject({ method: "GET", url: `/api/client/getAvailableTablesForMove/${id}?${q}`, headers: who?.headers ?? {} });
const isFree = (answer: AvailableTablesResponse, number: number) =>
  answer.tables.find((table) => table.number === number)?.isAvailable;

describe("getAvailableTablesForMove (decision 032)", () => {
  it("counts the booking's own seating free, and only its own: a move within its seating is offered", async () => {
    const anna = await diner(t);
    const bruno = await diner(t);
    const date = romeDate(4);
    const own = await book(anna, 1, date, "20:00");
    await book(bruno, 2, date, "20:00");

    // For everyone else, both tables are taken at 20:30 (a seating lasts 90 minutes).
    const publicAnswer = (
      await t.app.inject({
        method: "GET",
        url: `/api/client/getAvailableTables/${f.allDay.id}?${query(date, "20:30", 2)}`,
      })
    ).json() as AvailableTablesResponse;
    expect([isFree(publicAnswer, 1), isFree(publicAnswer, 2)]).toEqual([false, false]);

    // For Anna moving her booking: her own table 1 is free at 20:30, Bruno's table 2 is not.
    const res = await forMove(anna, own, query(date, "20:30", 2));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/no-store/);
    const answer = res.json() as AvailableTablesResponse;
    expect([isFree(answer, 1), isFree(answer, 2), isFree(answer, 3)]).toEqual([true, false, true]);
    expect(answer.slots).toContain("20:30");
    // The move itself agrees.
    const moved = await t.app.inject({
      method: "POST",
      url: `/api/client/modifyReservation/${own}`,
      headers: anna.headers,
      payload: { date, time: "20:30", numberOfPeople: 2, tableId: f.allDay.tables[1] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it("answers only the booking's owner, for a live table booking not yet started", async () => {
    const carla = await diner(t);
    const dario = await diner(t);
    const date = romeDate(5);
    const own = await book(carla, 3, date, "13:00", 5);

    expect((await forMove(null, own, query(date, "13:30", 5))).statusCode).toBe(401);
    const foreign = await forMove(dario, own, query(date, "13:30", 5));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).not.toHaveProperty("tables");
    expect((await forMove(carla, "00000000-0000-4000-8000-000000000000", query(date, "13:30", 5))).statusCode).toBe(
      404,
    );
    expect((await forMove(carla, "not-an-id", query(date, "13:30", 5))).statusCode).toBe(400);
    // Bad input is refused in the diner's language, as getAvailableTables refuses it.
    const badTime = await forMove(carla, own, query(date, "25:00", 5));
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json()).toMatchObject({ success: false });

    expect((await cancelReservation(t, carla, own)).statusCode).toBe(200);
    const cancelled = await forMove(carla, own, query(date, "13:30", 5));
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: "reservation_not_modifiable" });
  });
});
