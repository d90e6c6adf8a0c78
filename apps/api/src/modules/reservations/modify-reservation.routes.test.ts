import { describe, expect, it } from "vitest";
import { instantOfWallClock } from "@tavolo/shared/dates";
import type { Reservation, ReservationResponse } from "@tavolo/shared/reservations";
import { useFixture, useTestApp } from "../../../test/test-app";
import { icsLines, mailsTo as mailsToOf } from "../../../test/auth-helpers";
import {
  createBookingFixture,
  diner,
  makeReservation,
  modifyReservation,
  nextWeekday,
  reservationCount,
  romeDate,
  ROME,
  tableRequest,
  type Diner,
} from "../../../test/reservation-helpers";

const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));

async function book(who: Diner, body: Record<string, unknown>): Promise<Reservation> {
  const res = await makeReservation(t, who, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ReservationResponse).reservation;
}
/** The stored row, to show a refused move changed nothing. */
const stored = (id: string) =>
  t.database.db.selectFrom("reservations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const mailsTo = (email: string, template: string) => mailsToOf(t.app, email, template);

describe("modifyReservation", () => {
  it("moves the booking to the smallest free table that fits, frees the old seating and keeps the same booking", async () => {
    const mario = await diner(t);
    const date = romeDate(2);
    const original = await book(mario, tableRequest(f.allDay, 2, date, "20:00", 4));
    const before = await reservationCount(t);

    const res = await modifyReservation(t, mario, original.id, { date, time: "21:00", numberOfPeople: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ReservationResponse;
    expect(answer.message).toBe("Prenotazione modificata!");
    const startsAt = instantOfWallClock(date, "21:00", ROME)!;
    expect(answer.reservation).toMatchObject({
      id: original.id,
      date,
      time: "21:00",
      numberOfPeople: 2,
      tableId: f.allDay.tables[1],
      tableNumber: 1,
      status: "confirmed",
      createdAt: original.createdAt,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
      canCancel: true,
    });
    // Moved, not copied: the same number of bookings, the row itself changed.
    expect(await reservationCount(t)).toBe(before);
    expect(await stored(original.id)).toMatchObject({
      table_id: f.allDay.tables[1],
      party_size: 2,
      calendar_sequence: 1,
    });
    // The answer is made before the move is written (decision 075): it must be the booking as it reads back.
    const history = await t.app.inject({
      method: "GET",
      url: `/api/client/getUserReservations/${mario.userId}`,
      headers: mario.headers,
    });
    const { reservations } = history.json() as { reservations: Reservation[] };
    expect(reservations.find((reservation) => reservation.id === original.id)).toEqual(answer.reservation);
    // The seating it left is free again.
    const other = await diner(t);
    expect((await makeReservation(t, other, tableRequest(f.allDay, 2, date, "20:00", 4))).statusCode).toBe(201);
  });

  it("takes the table it is told, and may move within its own seating (it does not collide with itself)", async () => {
    const anna = await diner(t, { language: "en" });
    const date = romeDate(3);
    const original = await book(anna, tableRequest(f.allDay, 2, date, "19:00"));
    const res = await modifyReservation(
      t,
      anna,
      original.id,
      { date, time: "19:30", numberOfPeople: 3, tableId: f.allDay.tables[2] },
      { "accept-language": "en" },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Reservation changed!",
      reservation: { id: original.id, time: "19:30", tableNumber: 2, numberOfPeople: 3 },
    });
  });

  it("follows the restaurant's policy: a move where the restaurant confirms by hand is pending again", async () => {
    const luca = await diner(t);
    const date = nextWeekday(4);
    const original = await book(luca, tableRequest(f.dinner, 1, date, "19:30", 3));
    const res = await modifyReservation(t, luca, original.id, { date, time: "20:30", numberOfPeople: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Prenotazione spostata: il ristorante confermerà il nuovo orario a breve",
      reservation: { status: "pending", time: "20:30", tableNumber: 1 },
    });
  });

  it("answers 409 when the new table is taken, and leaves the original booking exactly as it was", async () => {
    const [mine, theirs] = [await diner(t), await diner(t)];
    const date = romeDate(4);
    const original = await book(mine, tableRequest(f.allDay, 1, date, "12:00"));
    await book(theirs, tableRequest(f.allDay, 3, date, "13:00"));
    const row = await stored(original.id);

    const taken = await modifyReservation(t, mine, original.id, {
      date,
      time: "13:30",
      numberOfPeople: 2,
      tableId: f.allDay.tables[3],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      success: false,
      code: "table_taken",
      error: "Il tavolo è appena stato prenotato per il nuovo orario: la tua prenotazione resta quella di prima",
    });
    expect(await stored(original.id)).toEqual(row);
    expect(await mailsTo(mine.email, "reservation-moved")).toHaveLength(0);
  });

  it("answers 409 when no fitting table is free at the new time, in the caller's language", async () => {
    const [mine, theirs] = [await diner(t), await diner(t)];
    const date = nextWeekday(3);
    const original = await book(mine, tableRequest(f.dinner, 2, date, "19:00"));
    // The only table for four at 21:00.
    await book(theirs, tableRequest(f.dinner, 1, date, "21:00", 4));
    const row = await stored(original.id);
    const res = await modifyReservation(
      t,
      mine,
      original.id,
      { date, time: "21:00", numberOfPeople: 4 },
      { "accept-language": "en" },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "no_table_free",
      error: "No table for 4 is free at the new time: your reservation stays as it was",
    });
    expect(await stored(original.id)).toEqual(row);
  });

  it("refuses another diner's booking with 403, an unknown one with 404, a cancelled one with 409", async () => {
    const [owner, intruder] = [await diner(t), await diner(t)];
    const date = romeDate(5);
    const original = await book(owner, tableRequest(f.allDay, 1, date, "12:00"));
    const row = await stored(original.id);
    const move = { date, time: "15:00", numberOfPeople: 2 };

    const foreign = await modifyReservation(t, intruder, original.id, move);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: "forbidden" });
    expect(await stored(original.id)).toEqual(row);

    const unknown = await modifyReservation(t, owner, "00000000-0000-4000-8000-000000000000", move);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "reservation_not_found", error: "Prenotazione non trovata" });

    await t.app.inject({ method: "POST", url: `/api/client/cancelReservation/${original.id}`, headers: owner.headers });
    const cancelled = await modifyReservation(t, owner, original.id, move);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({
      code: "reservation_not_modifiable",
      error: "Questa prenotazione non può più essere modificata",
    });
    expect(await stored(original.id)).toMatchObject({ status: "cancelled", starts_at: row.starts_at });
  });

  it("answers 400 for a past, closed or oversized request, translated, and changes nothing", async () => {
    const giulia = await diner(t);
    const date = nextWeekday(2);
    const original = await book(giulia, tableRequest(f.dinner, 1, date, "20:00", 4));
    const row = await stored(original.id);
    const cases: [Record<string, unknown>, string, string, Record<string, string>?][] = [
      [{ date: romeDate(-1), time: "20:00", numberOfPeople: 2 }, "date_in_past", "data"],
      [{ date: nextWeekday(1), time: "20:00", numberOfPeople: 2 }, "restaurant_closed", "Il ristorante è chiuso"],
      [
        { date, time: "20:00", numberOfPeople: 4, tableId: f.dinner.tables[2] },
        "table_too_small",
        "Il tavolo scelto ha 2 posti: non basta per 4 persone",
      ],
      [{ date, time: "20:00", numberOfPeople: 9 }, "party_too_large", "Nessun tavolo di questo ristorante ospita 9"],
      [
        { date, time: "20:00", numberOfPeople: 9 },
        "party_too_large",
        "No table at this restaurant seats 9 people",
        { "accept-language": "en" },
      ],
      [{ date, time: "20:07", numberOfPeople: 2 }, "time_not_available", "orari proposti"],
      [{ date, time: "20:00", numberOfPeople: 11 }, "validation_error", ""],
    ];
    for (const [body, code, text, headers] of cases) {
      const res = await modifyReservation(t, giulia, original.id, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ success: false });
      if (code !== "validation_error") expect(res.json().code).toBe(code);
      expect(res.json().error).toContain(text);
    }
    expect(await stored(original.id)).toEqual(row);
  });

  it("replays the first answer to a retry with the same Idempotency-Key: one move, one mail; another body is 422", async () => {
    const sara = await diner(t);
    const date = romeDate(6);
    const original = await book(sara, tableRequest(f.allDay, 1, date, "12:00"));
    const header = { "idempotency-key": `move-${original.id}` };
    const move = { date, time: "14:00", numberOfPeople: 2 };

    const first = await modifyReservation(t, sara, original.id, move, header);
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const retry = await modifyReservation(t, sara, original.id, { numberOfPeople: 2, time: "14:00", date }, header);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await stored(original.id)).toMatchObject({ calendar_sequence: 1 });
    expect(await mailsTo(sara.email, "reservation-moved")).toHaveLength(1);

    const reused = await modifyReservation(t, sara, original.id, { ...move, time: "15:00" }, header);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: "idempotency_key_reused" });
    expect(await stored(original.id)).toMatchObject({ calendar_sequence: 1 });
  });

  it("mails the updated event in the diner's language: same UID, a higher SEQUENCE each time, the cancellation higher still", async () => {
    const emma = await diner(t, { language: "en", firstName: "Emma" });
    const date = romeDate(7);
    const original = await book(emma, tableRequest(f.allDay, 1, date, "12:00"));
    const booked = await mailsTo(emma.email, "reservation-booked");
    expect(icsLines(booked[0]!)).toEqual(expect.arrayContaining([`UID:${original.id}`, "SEQUENCE:0"]));

    // The request's language does not matter: the mail follows the diner's.
    const headers = { "accept-language": "it" };
    expect(
      (await modifyReservation(t, emma, original.id, { date, time: "21:00", numberOfPeople: 2 }, headers)).statusCode,
    ).toBe(200);
    const firstMove = (await mailsTo(emma.email, "reservation-moved"))[0]!;
    expect(firstMove.language).toBe("en");
    expect(firstMove.subject).toMatch(/^Reservation changed: Trattoria Sempre Aperta, \w+day, \d+ \w+ \d{4} at 21:00$/);
    expect(firstMove.text).toContain("Hi Emma,");
    expect(firstMove.text).toContain("Table: no. 1");
    const compact = date.replaceAll("-", "");
    expect(icsLines(firstMove)).toEqual(
      expect.arrayContaining([
        `UID:${original.id}`,
        "SEQUENCE:1",
        "STATUS:CONFIRMED",
        `DTSTART;TZID=Europe/Rome:${compact}T210000`,
        `DTEND;TZID=Europe/Rome:${compact}T223000`,
      ]),
    );

    expect((await modifyReservation(t, emma, original.id, { date, time: "21:15", numberOfPeople: 2 })).statusCode).toBe(
      200,
    );
    const moves = await mailsTo(emma.email, "reservation-moved");
    expect(moves).toHaveLength(2);
    const sequences = moves.map((mail) => icsLines(mail).find((line) => line.startsWith("SEQUENCE:")));
    expect(sequences.sort()).toEqual(["SEQUENCE:1", "SEQUENCE:2"]);

    await t.app.inject({ method: "POST", url: `/api/client/cancelReservation/${original.id}`, headers: emma.headers });
    const cancelled = (await mailsTo(emma.email, "reservation-cancelled"))[0]!;
    expect(icsLines(cancelled)).toEqual(
      expect.arrayContaining([`UID:${original.id}`, "SEQUENCE:3", "STATUS:CANCELLED"]),
    );
  });

  it("asks a signed-out caller to sign in, before looking at the body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/client/modifyReservation/00000000-0000-4000-8000-000000000000",
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});
