import { describe, expect, it } from "vitest";
import { useFixture, useTestApp } from "../../../test/test-app";
import {
  createBookingFixture,
  diner,
  makeReservation,
  reservationCount,
  romeDate,
} from "../../../test/reservation-helpers";

const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));
const mario = useFixture(() => diner(t));

const body = (date: string, time = "20:00", extra: Record<string, unknown> = {}) => ({
  restaurantId: f.allDay.id,
  tableId: f.allDay.tables[2],
  date,
  time,
  numberOfPeople: 2,
  specialRequests: "Vicino alla finestra",
  ...extra,
});
const key = (label: string) => ({ "idempotency-key": `${label}-${Math.random().toString(36).slice(2)}` });
const bookingMails = async (email: string) =>
  t.database.db
    .selectFrom("mail_outbox")
    .select("id")
    .where("to_address", "=", email)
    .where("template", "=", "reservation-booked")
    .execute();

describe("makeReservation with an Idempotency-Key", () => {
  it("replays the first answer to a retry with the same body: same status and body, one booking, one mail", async () => {
    const header = key("retry");
    const before = await reservationCount(t);
    const first = await makeReservation(t, mario, body(romeDate(1)), header);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // A client retrying may list the fields in another order and add its language field.
    const { specialRequests, ...rest } = body(romeDate(1));
    const retry = await makeReservation(t, mario, { language: "en", specialRequests, ...rest }, header);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await reservationCount(t)).toBe(before + 1);
    expect(await bookingMails(mario.email)).toHaveLength(1);
  });

  it("answers 422 when the same key comes with another body, and books nothing", async () => {
    const header = key("changed");
    expect((await makeReservation(t, mario, body(romeDate(2)), header)).statusCode).toBe(201);
    const before = await reservationCount(t);
    for (const changed of [body(romeDate(2), "21:30"), body(romeDate(2), "20:00", { numberOfPeople: 3 })]) {
      const res = await makeReservation(t, mario, changed, header);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: "idempotency_key_reused",
        error: "Questa Idempotency-Key è già stata usata per una prenotazione diversa",
      });
    }
    expect(await reservationCount(t)).toBe(before);
  });

  it("keeps keys per user: another diner's identical key is a new request", async () => {
    const header = key("shared");
    expect((await makeReservation(t, mario, body(romeDate(3), "12:00"), header)).statusCode).toBe(201);
    const luisa = await diner(t);
    const theirs = await makeReservation(t, luisa, body(romeDate(3), "14:00"), header);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("stores nothing for a failed attempt, so the key still books once the request is right", async () => {
    const header = key("after-failure");
    const before = await reservationCount(t);
    const failed = await makeReservation(t, mario, body(romeDate(4), "19:07"), header);
    expect(failed.statusCode).toBe(400);
    expect(await reservationCount(t)).toBe(before);
    const fixed = await makeReservation(t, mario, body(romeDate(4), "19:00"), header);
    expect(fixed.statusCode).toBe(201);
    expect(await reservationCount(t)).toBe(before + 1);
  });

  it("books once when the same request is sent several times at once", async () => {
    const header = key("burst");
    const before = await reservationCount(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => makeReservation(t, mario, body(romeDate(5), "20:00"), header)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array<number>(6).fill(201));
    const ids = new Set(answers.map((res) => res.json().reservation.id as string));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => res.headers["idempotent-replayed"] === "true")).toHaveLength(5);
    expect(await reservationCount(t)).toBe(before + 1);
  });

  it("refuses a malformed key with 400", async () => {
    const before = await reservationCount(t);
    for (const value of ["with space", "x".repeat(256)]) {
      const res = await makeReservation(t, mario, body(romeDate(6)), { "idempotency-key": value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error).toBe("Intestazione Idempotency-Key non valida (da 1 a 255 caratteri visibili)");
    }
    expect(await reservationCount(t)).toBe(before);
  });
});
