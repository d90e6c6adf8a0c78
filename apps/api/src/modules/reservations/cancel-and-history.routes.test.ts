import { describe, expect, it } from "vitest";
import type { Reservation, ReservationResponse } from "@tavolo/shared/reservations";
import { useFixture, useTestApp } from "../../../test/test-app";
import { createBookingFixture, diner, makeReservation, romeDate, type Diner } from "../../../test/reservation-helpers";

const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));
const mario = useFixture(() => diner(t));
const luisa = useFixture(() => diner(t));

const body = (date: string, time: string, table = 2) => ({
  restaurantId: f.allDay.id,
  tableId: f.allDay.tables[table],
  date,
  time,
  numberOfPeople: 2,
});
async function book(who: Diner, date: string, time: string, table = 2): Promise<Reservation> {
  const res = await makeReservation(t, who, body(date, time, table));
  expect(res.statusCode).toBe(201);
  return (res.json() as ReservationResponse).reservation;
}
const cancel = (who: Diner | null, id: string) =>
  t.app.inject({ method: "POST", url: `/api/client/cancelReservation/${id}`, headers: who?.headers ?? {} });
const history = (who: Diner, userId = who.userId, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url: `/api/client/getUserReservations/${userId}`,
    headers: { ...who.headers, ...headers },
  });

/** A seating that already happened, written as the past would have left it. */
async function pastSeating(who: Diner, hoursAgo: number, status: "confirmed" | "pending") {
  const startsAt = new Date(Date.now() - hoursAgo * 3_600_000);
  const row = await t.database.db
    .insertInto("reservations")
    .values({
      user_id: who.userId,
      restaurant_id: f.allDay.id,
      table_id: f.allDay.tables[3]!,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 90 * 60_000),
      party_size: 2,
      status,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("cancelReservation", () => {
  it("cancels an upcoming booking and frees its table for the same seating", async () => {
    const date = romeDate(1);
    const booked = await book(mario, date, "20:00");
    expect((await makeReservation(t, luisa, body(date, "20:00"))).statusCode).toBe(409);

    const res = await cancel(mario, booked.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Prenotazione annullata",
      reservation: { id: booked.id, status: "cancelled", canCancel: false },
    });
    const row = await t.database.db
      .selectFrom("reservations")
      .select(["status", "cancelled_at"])
      .where("id", "=", booked.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
    expect(row.cancelled_at).toBeInstanceOf(Date);

    expect((await makeReservation(t, luisa, body(date, "20:00"))).statusCode).toBe(201);
  });

  it("answers the same to a second cancel, without a second mail", async () => {
    const paolo = await diner(t);
    const booked = await book(paolo, romeDate(2), "12:00");
    expect((await cancel(paolo, booked.id)).statusCode).toBe(200);
    const again = await cancel(paolo, booked.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().reservation.status).toBe("cancelled");
    const mails = await t.database.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", paolo.email)
      .where("template", "=", "reservation-cancelled")
      .execute();
    expect(mails).toHaveLength(1);
  });

  it("is the owner's alone: 403 for another diner, 401 signed out, and the booking stays", async () => {
    const booked = await book(mario, romeDate(3), "13:00");
    const res = await cancel(luisa, booked.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("forbidden");
    expect((await cancel(null, booked.id)).statusCode).toBe(401);
    const row = await t.database.db
      .selectFrom("reservations")
      .select("status")
      .where("id", "=", booked.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("confirmed");
  });

  it("refuses seatings that have started or ended (409), unknown ids (404) and malformed ids (400)", async () => {
    const ended = await pastSeating(mario, 30, "confirmed");
    const res = await cancel(mario, ended);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "reservation_not_cancellable" });
    const unknown = await cancel(mario, "00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("Prenotazione non trovata");
    const malformed = await cancel(mario, "not-an-id");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("ID prenotazione non valido");
  });
});

describe("getUserReservations", () => {
  it("lists the caller's bookings newest seating first, with SPEC §3 fields and derived statuses", async () => {
    const jane = await diner(t);
    const later = await book(jane, romeDate(6), "19:00");
    const sooner = await book(jane, romeDate(5), "19:00");
    const cancelled = await book(jane, romeDate(4), "19:00");
    await cancel(jane, cancelled.id);
    const completed = await pastSeating(jane, 48, "confirmed");
    const unanswered = await pastSeating(jane, 72, "pending");

    const res = await history(jane);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = res.json().reservations as Reservation[];
    expect(list.map((r) => r.id)).toEqual([later.id, sooner.id, cancelled.id, completed, unanswered]);
    expect(list.map((r) => [r.status, r.canCancel])).toEqual([
      ["confirmed", true],
      ["confirmed", true],
      ["cancelled", false],
      // A confirmed seating that has ended reads as completed; one the restaurant never confirmed stays pending.
      ["completed", false],
      ["pending", false],
    ]);
    expect(list[0]).toMatchObject({
      restaurantId: f.allDay.id,
      restaurantName: "Trattoria Sempre Aperta",
      restaurant: { id: f.allDay.id, name: "Trattoria Sempre Aperta", city: "Milano", address: "Via Roma 1" },
      date: romeDate(6),
      time: "19:00",
      tableNumber: 2,
      numberOfPeople: 2,
    });
    const stored = await t.database.db
      .selectFrom("reservations")
      .select("status")
      .where("id", "=", completed)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("confirmed");
  });

  it("names cities in the caller's language and is empty for a new diner", async () => {
    const newcomer = await diner(t);
    expect((await history(newcomer)).json()).toEqual({ success: true, reservations: [] });
    await book(newcomer, romeDate(7), "12:30");
    const english = await history(newcomer, newcomer.userId, { "accept-language": "en" });
    expect(english.json().reservations[0].restaurant.city).toBe("Milan");
  });

  it("is 403 for another diner's history and 400 for a malformed id", async () => {
    const res = await history(luisa, mario.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: "forbidden",
      error: "Non hai il permesso di accedere a questi dati",
    });
    expect((await history(luisa, "me")).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "GET", url: `/api/client/getUserReservations/${mario.userId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
