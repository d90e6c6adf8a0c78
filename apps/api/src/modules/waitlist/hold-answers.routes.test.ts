import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import type { HoldAnswerResponse } from "@tavolo/shared/waitlist";
import { latestMail, post } from "../../../test/auth-helpers";
import {
  cancelReservation,
  createBookingFixture,
  registerDiners,
  romeDate,
  type Diner,
} from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";
import {
  answerHold,
  expireHolds,
  fillAllTables,
  holdLinkToken,
  joined,
  waitingAt20,
  waitlistOf,
} from "../../../test/waitlist-helpers";

/** A diner's answers to a hold (decision 029): confirm, decline, the mail's link, leaving the line. */
const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));

const diners = (count: number) => registerDiners(t, count);
const at20 = (date: string, people = 2) => waitingAt20(f, date, people);
const cancel = (who: Diner, id: string) => cancelReservation(t, who, id);

describe("answering a hold", () => {
  async function heldFor(date: string) {
    const [owner, who, next] = await diners(3);
    const bookings = await fillAllTables(t, f, [owner!], date, "20:00");
    await joined(t, who!, at20(date, 2));
    await joined(t, next!, at20(date, 2));
    await cancel(owner!, bookings[1]!);
    const hold = (await waitlistOf(t, who!)).entries[0]!.hold!;
    return { owner: owner!, who: who!, next: next!, hold };
  }

  it("confirm makes the booking (mail with .ics, in history), twice the same answer; only the owner may", async () => {
    const { who, next, hold } = await heldFor(romeDate(9));
    expect((await answerHold(t, next, hold.id, "confirm")).statusCode).toBe(403);
    const first = await answerHold(t, who, hold.id, "confirm");
    expect(first.statusCode).toBe(200);
    const body = first.json() as HoldAnswerResponse;
    expect(body.reservation).toMatchObject({ id: hold.id, status: "confirmed", time: "20:00", tableNumber: 1 });
    const again = await answerHold(t, who, hold.id, "confirm");
    expect(again.statusCode).toBe(200);
    expect((again.json() as HoldAnswerResponse).reservation?.id).toBe(hold.id);
    expect((await answerHold(t, who, hold.id, "decline")).json()).toMatchObject({ code: "hold_confirmed" });

    const mail = await latestMail(t.app, who.email, "reservation-booked");
    expect(mail.subject).toMatch(/confermata|confirmed/i);
    const history = await t.app.inject({
      method: "GET",
      url: `/api/client/getUserReservations/${who.userId}`,
      headers: who.headers,
    });
    expect((history.json() as { reservations: { id: string }[] }).reservations.map((r) => r.id)).toContain(hold.id);
    expect((await waitlistOf(t, who)).entries).toEqual([]);
  });

  it("decline passes the table to the next in line; declining twice answers the same; only the owner may", async () => {
    const { who, next, hold } = await heldFor(romeDate(10));
    expect((await answerHold(t, next, hold.id, "decline")).statusCode).toBe(403);
    expect((await waitlistOf(t, who)).entries[0]).toMatchObject({ status: "held" });
    expect((await answerHold(t, who, hold.id, "decline")).statusCode).toBe(200);
    expect((await answerHold(t, who, hold.id, "decline")).statusCode).toBe(200);
    expect((await answerHold(t, who, hold.id, "confirm")).json()).toMatchObject({ code: "hold_declined" });
    expect((await waitlistOf(t, next)).entries[0]).toMatchObject({ status: "held" });
  });

  it("a hold whose time is up is 410 even before the worker releases it, and goes to the next in line", async () => {
    const { who, next, hold } = await heldFor(romeDate(15));
    await expireHolds(t);
    const late = await answerHold(t, who, hold.id, "confirm");
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: "hold_expired" });
    const row = await sql<{ status: string }>`SELECT status FROM reservations WHERE id = ${hold.id}`.execute(
      t.database.db,
    );
    expect(row.rows[0]?.status).toBe("released");
    expect((await waitlistOf(t, next)).entries[0]).toMatchObject({ status: "held" });
  });

  it("the mail's one-tap link confirms once, without a session; a spent link of a lapsed hold is 410", async () => {
    const { who, next, hold } = await heldFor(romeDate(11));
    const token = await holdLinkToken(t, who);
    const confirmByLink = (value: string) =>
      post(t.app, "/api/client/holds/confirm-by-link", { token: value }, { "accept-language": "en" });
    const res = await confirmByLink(token);
    expect(res.statusCode).toBe(200);
    expect((res.json() as HoldAnswerResponse).reservation?.id).toBe(hold.id);
    expect((await confirmByLink(token)).statusCode).toBe(200);
    expect((await confirmByLink("x".repeat(43))).statusCode).toBe(404);

    // Another hold, left to lapse: its link is then 410.
    const date = romeDate(12);
    const [owner2] = await diners(1);
    const bookings = await fillAllTables(t, f, [owner2!], date, "20:00");
    await joined(t, next, at20(date, 2));
    await cancel(owner2!, bookings[1]!);
    const lapsing = await holdLinkToken(t, next);
    await expireHolds(t);
    await t.app.waitlistWorker.runOnce();
    const gone = await confirmByLink(lapsing);
    expect(gone.statusCode).toBe(410);
  });

  it("leaving the line declines a hold with it; another diner cannot remove an entry", async () => {
    const { who, next } = await heldFor(romeDate(13));
    const entry = (await waitlistOf(t, who)).entries[0]!;
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/client/waitlist/${entry.id}`,
      headers: next.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const left = await t.app.inject({
      method: "DELETE",
      url: `/api/client/waitlist/${entry.id}`,
      headers: who.headers,
    });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ entry: { status: "left" } });
    expect((await waitlistOf(t, who)).entries).toEqual([]);
    expect((await waitlistOf(t, next)).entries[0]).toMatchObject({ status: "held" });
  });
});

describe("history and account data ignore holds", () => {
  it("a hold is not a booking: not in history, cancelReservation refuses it", async () => {
    const [owner, who] = await diners(2);
    const bookings = await fillAllTables(t, f, [owner!], romeDate(14), "20:00");
    await joined(t, who!, at20(romeDate(14), 2));
    await cancel(owner!, bookings[1]!);
    const holdId = (await waitlistOf(t, who!)).entries[0]!.hold!.id;
    const history = await t.app.inject({
      method: "GET",
      url: `/api/client/getUserReservations/${who!.userId}`,
      headers: who!.headers,
    });
    expect((history.json() as { reservations: unknown[] }).reservations).toEqual([]);
    // The account export lists the entry, not the hold as a booking.
    const exported = await t.app.inject({ method: "GET", url: "/api/client/account/export", headers: who!.headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({
      reservations: [],
      waitlist: [{ timeFrom: "20:00", timeTo: "20:00", people: 2, status: "held" }],
    });
    const cancelled = await cancel(who!, holdId);
    expect(cancelled.statusCode).toBe(409);
    const row = await sql<{ status: string }>`SELECT status FROM reservations WHERE id = ${holdId}`.execute(
      t.database.db,
    );
    expect(row.rows[0]?.status).toBe("held");
    const booked = (await answerHold(t, who!, holdId, "confirm")).json() as ReservationResponse;
    expect(booked.reservation.status).toBe("confirmed");
  });
});
