import { describe, expect, it } from "vitest";
import { instantOfWallClock } from "@tavolo/shared/dates";
import type { Reservation, ReservationResponse } from "@tavolo/shared/reservations";
import { useFixture, useTestApp } from "../../../test/test-app";
import {
  createBookingFixture,
  diner,
  makeReservation,
  nextWeekday,
  reservationCount,
  romeDate,
  ROME,
} from "../../../test/reservation-helpers";
import { post } from "../../../test/auth-helpers";

const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));
const mario = useFixture(() => diner(t));

const tomorrow = () => romeDate(1);
const body = (overrides: Record<string, unknown> = {}) => ({
  restaurantId: f.allDay.id,
  tableId: f.allDay.tables[2],
  date: tomorrow(),
  time: "20:00",
  numberOfPeople: 4,
  specialRequests: "",
  ...overrides,
});

describe("makeReservation", () => {
  it("books a table: 201 with the reservation of SPEC §3, confirmed by the restaurant's policy", async () => {
    const date = romeDate(2);
    const res = await makeReservation(t, mario, body({ date, time: "13:15", specialRequests: "<b>Seggiolone</b>" }));
    expect(res.statusCode).toBe(201);
    const answer = res.json() as ReservationResponse;
    expect(answer).toMatchObject({ success: true, message: "Prenotazione confermata!" });
    const startsAt = instantOfWallClock(date, "13:15", ROME)!;
    expect(answer.reservation).toEqual<Reservation>({
      id: expect.any(String),
      restaurantId: f.allDay.id,
      restaurantName: "Trattoria Sempre Aperta",
      restaurant: {
        id: f.allDay.id,
        name: "Trattoria Sempre Aperta",
        imageUrl: "/images/restaurants/trattoria-1.svg",
        location: "45.4642,9.19",
        city: "Milano",
        address: "Via Roma 1",
        categories: ["italiano"],
      },
      date,
      time: "13:15",
      kind: "table",
      lastMinuteId: null,
      tableId: f.allDay.tables[2]!,
      tableNumber: 2,
      numberOfPeople: 4,
      status: "confirmed",
      createdAt: expect.any(String),
      specialRequests: "<b>Seggiolone</b>",
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
      canCancel: true,
      attending: false,
    });
    const row = await t.database.db
      .selectFrom("reservations")
      .selectAll()
      .where("id", "=", answer.reservation.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: mario.userId, party_size: 4, status: "confirmed", cancelled_at: null });
    expect(row.starts_at.toISOString()).toBe(startsAt.toISOString());
    // The answer is made before the booking is written (decision 074): it must be the booking as it reads back.
    const history = await t.app.inject({
      method: "GET",
      url: `/api/client/getUserReservations/${mario.userId}`,
      headers: mario.headers,
    });
    const { reservations } = history.json() as { reservations: Reservation[] };
    expect(reservations.find((reservation) => reservation.id === answer.reservation.id)).toEqual(answer.reservation);
  });

  it("leaves the booking pending where the restaurant confirms by hand, and answers in English", async () => {
    const res = await makeReservation(
      t,
      mario,
      body({ restaurantId: f.dinner.id, tableId: f.dinner.tables[1], date: nextWeekday(3), time: "19:30" }),
      { "accept-language": "en" },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: "Reservation request sent: the restaurant will confirm it shortly",
      reservation: { status: "pending", restaurant: { city: "Milan" } },
    });
  });

  it("books back-to-back seatings on one table, and refuses an overlap with 409 table_taken", async () => {
    const date = romeDate(3);
    const table = f.allDay.tables[1];
    expect(
      (await makeReservation(t, mario, body({ date, tableId: table, numberOfPeople: 2, time: "19:00" }))).statusCode,
    ).toBe(201);
    const before = await reservationCount(t);
    // 20:30 starts as 19:00 ends; 17:30 ends as 19:00 starts.
    expect(
      (await makeReservation(t, mario, body({ date, tableId: table, numberOfPeople: 2, time: "20:30" }))).statusCode,
    ).toBe(201);
    expect(
      (await makeReservation(t, mario, body({ date, tableId: table, numberOfPeople: 2, time: "17:30" }))).statusCode,
    ).toBe(201);
    const other = await diner(t);
    for (const time of ["19:00", "19:45", "17:45", "21:45"]) {
      const clash = await makeReservation(t, other, body({ date, tableId: table, numberOfPeople: 2, time }));
      expect(clash.statusCode, time).toBe(409);
      expect(clash.json()).toEqual({
        success: false,
        code: "table_taken",
        error: "Questo tavolo è appena stato prenotato per quell'orario: scegli un altro tavolo o un altro orario",
      });
    }
    const english = await makeReservation(t, other, body({ date, tableId: table, numberOfPeople: 2, time: "19:15" }), {
      "x-user-language": "en",
    });
    expect(english.json().error).toBe(
      "This table has just been booked for that time: choose another table or another time",
    );
    expect(await reservationCount(t)).toBe(before + 2);
  });

  it("takes the caller's own userId in the body, and refuses anyone else's with 403", async () => {
    const own = await makeReservation(t, mario, body({ userId: mario.userId, date: romeDate(4) }));
    expect(own.statusCode).toBe(201);
    const before = await reservationCount(t);
    const other = await diner(t);
    const res = await makeReservation(t, mario, body({ userId: other.userId, date: romeDate(5) }));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("forbidden");
    expect(await reservationCount(t)).toBe(before);
  });

  it("needs a signed-in caller", async () => {
    const res = await post(t.app, "/api/client/makeReservation", body());
    expect(res.statusCode).toBe(401);
  });
});

describe("makeReservation refuses what breaks a rule, translated, and stores nothing", () => {
  const yesterday = () => romeDate(-1);
  const cases: [string, () => Record<string, unknown>, number, string, string?][] = [
    ["a past date", () => body({ date: yesterday() }), 400, "date_in_past", "La data non può essere precedente a oggi"],
    ["a time already passed today", () => body({ date: romeDate(0), time: "00:00" }), 400, "time_in_past"],
    ["a date past the horizon", () => body({ date: romeDate(91) }), 400, "date_too_far"],
    [
      "a closed day",
      () => body({ restaurantId: f.dinner.id, tableId: f.dinner.tables[1], date: nextWeekday(1), time: "20:00" }),
      400,
      "restaurant_closed",
      "Il ristorante è chiuso in questa data",
    ],
    ["a time off the quarter hours", () => body({ time: "19:07" }), 400, "time_not_available"],
    ["a seating ending after closing", () => body({ time: "22:30" }), 400, "time_not_available"],
    [
      "a time outside the service",
      () => body({ restaurantId: f.dinner.id, tableId: f.dinner.tables[1], date: nextWeekday(3), time: "12:00" }),
      400,
      "time_not_available",
    ],
    ["11 people", () => body({ numberOfPeople: 11, tableId: f.allDay.tables[3] }), 400, "validation_error"],
    ["no people", () => body({ numberOfPeople: 0 }), 400, "validation_error"],
    [
      "people as text",
      () => body({ numberOfPeople: "2" }),
      400,
      "validation_error",
      "Il numero di persone deve essere tra 1 e 10",
    ],
    [
      "a table too small",
      () => body({ numberOfPeople: 3, tableId: f.allDay.tables[1] }),
      400,
      "table_too_small",
      "Il tavolo scelto ha 2 posti: non basta per 3 persone",
    ],
    ["a table of another restaurant", () => body({ tableId: f.dinner.tables[1] }), 404, "table_not_found"],
    ["a table out of service", () => body({ tableId: f.allDay.tables[4] }), 409, "table_unavailable"],
    ["an unknown table", () => body({ tableId: "00000000-0000-4000-8000-000000000000" }), 404, "table_not_found"],
    [
      "an unknown restaurant",
      () => body({ restaurantId: "00000000-0000-4000-8000-000000000000" }),
      404,
      "restaurant_not_found",
    ],
    [
      "a missing date",
      () => body({ date: undefined }),
      400,
      "validation_error",
      "Tutti i campi contrassegnati con * sono obbligatori",
    ],
    ["an impossible date", () => body({ date: "2030-02-30" }), 400, "validation_error"],
    ["a malformed table id", () => body({ tableId: "1; DROP TABLE reservations" }), 400, "validation_error"],
    ["too long special requests", () => body({ specialRequests: "x".repeat(501) }), 400, "validation_error"],
    ["special requests that are not text", () => body({ specialRequests: ["a"] }), 400, "validation_error"],
  ];

  for (const [title, makeBody, status, code, message] of cases) {
    it(`${title} → ${status} ${code}`, async () => {
      const before = await reservationCount(t);
      const res = await makeReservation(t, mario, makeBody());
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
      if (message) expect(res.json().error).toBe(message);
      expect(await reservationCount(t)).toBe(before);
    });
  }

  it("answers malformed bodies with a 4xx", async () => {
    const before = await reservationCount(t);
    for (const payload of ["{not json", "[]", '"text"', "null", "{}"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/client/makeReservation",
        payload,
        headers: { ...mario.headers, "content-type": "application/json" },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().success).toBe(false);
    }
    for (const contentType of ["text/plain", "application/xml"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/client/makeReservation",
        payload: "date=2030-01-01",
        headers: { ...mario.headers, "content-type": contentType },
      });
      expect(res.statusCode, contentType).toBe(415);
    }
    expect(await reservationCount(t)).toBe(before);
  });
});
