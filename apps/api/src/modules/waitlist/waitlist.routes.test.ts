import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import { latestMail, post } from "../../../test/auth-helpers";
import { addOffer, bookOffer, offerClosingIn, seatsOf } from "../../../test/offer-helpers";
import { instantOfWallClock } from "@tavolo/shared/dates";
import {
  createBookingFixture,
  cancelReservation,
  makeReservation,
  nextWeekday,
  registerDiners,
  ROME,
  romeDate,
  type Diner,
} from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";
import {
  answerHold,
  expireHolds,
  fillAllTables,
  joined,
  joinWaitlist,
  liveHolds,
  waitingAt20,
  waitlistOf,
} from "../../../test/waitlist-helpers";

const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));

const diners = (count: number) => registerDiners(t, count);
const at20 = (date: string, people = 2) => waitingAt20(f, date, people);
const cancel = (who: Diner, id: string) => cancelReservation(t, who, id);
const slotsOf = async (date: string) =>
  (
    (
      await t.app.inject({ method: "GET", url: `/api/client/getAvailableSlots/${f.allDay.id}?date=${date}&people=2` })
    ).json() as { slots: string[] }
  ).slots;

/** The instant of 20:00 in Rome on `date`. */
const holdsStart = (date: string) => instantOfWallClock(date, "20:00", ROME)!.getTime();

describe("joining the waitlist", () => {
  it("answers 201 with the entry and its place in line, and lists it", async () => {
    const date = romeDate(3);
    const [owner, first, second] = await diners(3);
    await fillAllTables(t, f, [owner!], date, "20:00");
    const a = await joined(t, first!, at20(date, 2));
    const b = await joined(t, second!, at20(date, 2));
    expect(a.entry).toMatchObject({ status: "waiting", position: 1, people: 2, date, timeFrom: "20:00", hold: null });
    expect(b.entry.position).toBe(2);
    expect((await waitlistOf(t, second!)).entries.map((entry) => entry.id)).toEqual([b.entry.id]);
  });

  it("refuses to wait for a table that is free now: 409 with the times to book instead, nothing written", async () => {
    const [who] = await diners(1);
    const date = romeDate(4);
    const res = await joinWaitlist(t, who!, { ...at20(date, 2), timeFrom: "19:30", timeTo: "20:30" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "table_available", slots: ["19:30", "19:45", "20:00", "20:15", "20:30"] });
    const en = await joinWaitlist(t, who!, at20(date, 2));
    expect(en.json().slots).toEqual(["20:00"]);
    expect((await waitlistOf(t, who!)).entries).toEqual([]);
    expect((await liveHolds(t)).filter((hold) => hold.user_id === who!.userId)).toEqual([]);
  });

  it("refuses a window when the restaurant is closed with 400 restaurant_closed, in Italian and English", async () => {
    const [who] = await diners(1);
    // The osteria opens 19:00-23:00: the search's night default, 01:45, is outside its hours.
    const night = { restaurantId: f.dinner.id, date: nextWeekday(3), timeFrom: "01:45", timeTo: "02:45", people: 2 };
    const it = await joinWaitlist(t, who!, night);
    expect(it.statusCode).toBe(400);
    expect(it.json()).toMatchObject({ code: "restaurant_closed", error: expect.stringContaining("chiuso") });
    const en = await post(t.app, "/api/client/waitlist", night, { ...who!.headers, "accept-language": "en" });
    expect(en.json()).toMatchObject({ code: "restaurant_closed", error: expect.stringContaining("closed") });
  });

  it("refuses a sixth active entry, an overlapping duplicate, and bad input, in Italian and English", async () => {
    const [owner, who] = await diners(2);
    for (let day = 20; day < 25; day++) {
      await fillAllTables(t, f, [owner!], romeDate(day), "20:00");
      await joined(t, who!, at20(romeDate(day), 2));
    }
    await fillAllTables(t, f, [owner!], romeDate(25), "20:00");
    const sixth = await joinWaitlist(t, who!, at20(romeDate(25), 2));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: "waitlist_limit" });
    expect(sixth.json().error).toContain("5");

    const [other] = await diners(1);
    await joined(t, other!, at20(romeDate(20), 2));
    const again = await joinWaitlist(t, other!, { ...at20(romeDate(20), 2), timeFrom: "19:30", timeTo: "20:30" });
    expect(again.json()).toMatchObject({ code: "waitlist_duplicate" });

    const both = await post(
      t.app,
      "/api/client/waitlist",
      { ...at20(romeDate(20), 2), lastMinuteId: f.allDay.id },
      { ...other!.headers, "accept-language": "en" },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatch(/restaurant|offer/i);
    const backwards = await post(
      t.app,
      "/api/client/waitlist",
      { ...at20(romeDate(20), 2), timeFrom: "21:00", timeTo: "20:00" },
      { ...other!.headers, "accept-language": "it" },
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toMatch(/fascia oraria/);
    const past = await joinWaitlist(t, other!, { ...at20(romeDate(-1), 2) });
    expect(past.statusCode).toBe(400);
    // The largest table in service seats 6: a wait for 7 could never end in a table.
    const tooMany = await joinWaitlist(t, other!, at20(romeDate(21), 7));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: "party_too_large" });
    expect(tooMany.json().error).toContain("7");
    const anonymous = await post(t.app, "/api/client/waitlist", at20(romeDate(20), 2));
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("a table frees", () => {
  it("20 diners waiting, one cancellation: exactly one hold, to the earliest-joined diner whose party fits", async () => {
    const date = romeDate(5);
    const [owner, ...waiting] = await diners(21);
    const bookings = await fillAllTables(t, f, [owner!], date, "20:00");
    // Table 1 seats 2: the first two in line (4 and 3 people) do not fit it.
    const parties = waiting.map((_, index) => (index === 0 ? 4 : index === 1 ? 3 : 2));
    const entries = [];
    for (const [index, who] of waiting.entries()) entries.push(await joined(t, who, at20(date, parties[index]!)));

    expect((await cancel(owner!, bookings[1]!)).statusCode).toBe(200);
    const holds = (await liveHolds(t)).filter((hold) => hold.starts_at.getTime() === holdsStart(date));
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ user_id: waiting[2]!.userId, waitlist_entry_id: entries[2]!.entry.id });

    // The held table is taken: someone else's booking is 409, and no slot shows it.
    const [stranger] = await diners(1);
    const res = await makeReservation(t, stranger!, {
      restaurantId: f.allDay.id,
      tableId: f.allDay.tables[1],
      date,
      time: "20:00",
      numberOfPeople: 2,
    });
    expect(res.statusCode).toBe(409);
    expect(await slotsOf(date)).not.toContain("20:00");

    // The diner sees the hold (banner data), and got the mail with the one-tap link.
    const mine = await waitlistOf(t, waiting[2]!);
    expect(mine.entries[0]).toMatchObject({ status: "held", hold: { time: "20:00", tableNumber: 1 } });
    const mail = await latestMail(t.app, waiting[2]!.email, "waitlist-hold");
    expect(mail.text).toContain("/hold/confirm?token=");
  });

  it("expiry: the hold goes to the next diner, and after the last one the table is free for everyone", async () => {
    const date = romeDate(6);
    const [owner, first, second] = await diners(3);
    const bookings = await fillAllTables(t, f, [owner!], date, "20:00");
    await joined(t, first!, at20(date, 2));
    await joined(t, second!, at20(date, 2));
    await cancel(owner!, bookings[1]!);
    const firstHold = (await waitlistOf(t, first!)).entries[0]!.hold!;
    expect(await slotsOf(date)).not.toContain("20:00");

    await expireHolds(t);
    expect((await t.app.waitlistWorker.runOnce()).released).toBeGreaterThanOrEqual(1);
    // 410 with a clear message for the one whose time ran out.
    const late = await post(
      t.app,
      `/api/client/holds/${firstHold.id}/confirm`,
      {},
      {
        ...first!.headers,
        "accept-language": "en",
      },
    );
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: "hold_expired" });
    expect(late.json().error).toMatch(/run out/);
    expect((await waitlistOf(t, second!)).entries[0]).toMatchObject({ status: "held" });

    await expireHolds(t);
    await t.app.waitlistWorker.runOnce();
    expect((await liveHolds(t)).filter((hold) => hold.starts_at.getTime() === holdsStart(date))).toHaveLength(0);
    // Free again, and the availability cache was cleared by the pass that released it.
    expect(await slotsOf(date)).toContain("20:00");
  });

  it("3 tables freed at once: 3 holds, to the first 3 fitting diners, no diner twice", async () => {
    const date = romeDate(7);
    const [owner, a, b, big, c, d] = await diners(6);
    await fillAllTables(t, f, [owner!], date, "20:00");
    // Tables of 2, 4 and 6 free: the two fours take the 4 and the 6, so the six after them no
    // longer fits anything left; the two after it does.
    await joined(t, a!, at20(date, 4));
    await joined(t, b!, at20(date, 4));
    await joined(t, big!, at20(date, 6));
    await joined(t, c!, at20(date, 2));
    await joined(t, d!, at20(date, 2));
    // The owner deletes the account: all three tables free in one write.
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/client/account",
      headers: owner!.headers,
      payload: { password: "Tavolo#2025" },
    });
    expect(deleted.statusCode).toBe(200);
    const holds = (await liveHolds(t)).filter((hold) => hold.starts_at.getTime() === holdsStart(date));
    expect(holds.map((hold) => hold.user_id).sort()).toEqual([a!.userId, b!.userId, c!.userId].sort());
    expect(new Set(holds.map((hold) => hold.table_id)).size).toBe(3);
  });

  it("a move frees the seating it leaves for the first in line", async () => {
    const date = romeDate(8);
    const [owner, who] = await diners(2);
    const bookings = await fillAllTables(t, f, [owner!], date, "20:00");
    await joined(t, who!, at20(date, 2));
    const moved = await post(
      t.app,
      `/api/client/modifyReservation/${bookings[1]}`,
      { date, time: "13:00", numberOfPeople: 2, tableId: f.allDay.tables[1] },
      owner!.headers,
    );
    expect(moved.statusCode).toBe(200);
    expect((await waitlistOf(t, who!)).entries[0]).toMatchObject({ status: "held", hold: { tableNumber: 1 } });
  });
});

describe("seats of a sold-out offer, and tables added", () => {
  it("a cancelled offer booking gives its seats to the first fitting diner in line; the offer counts them as taken", async () => {
    const offerId = await addOffer(t, offerClosingIn(f.dinner.id, 180, { totalSeats: 6 }));
    const [owner, who] = await diners(2);
    const booked = await bookOffer(t, owner!, { lastMinuteId: offerId, people: 6 });
    expect(booked.statusCode).toBe(201);
    const entry = await joined(t, who!, { lastMinuteId: offerId, people: 2 });
    expect(entry.entry).toMatchObject({ kind: "lastMinute", status: "waiting", position: 1 });
    await cancel(owner!, (booked.json() as ReservationResponse).reservation.id);
    const hold = (await waitlistOf(t, who!)).entries[0]!.hold!;
    expect(hold).toMatchObject({ people: 2, tableNumber: null, lastMinuteId: offerId });
    expect((await seatsOf(t, offerId)).available).toBe(4);
    // Seats are left now: joining is refused, booking is the way.
    const [late] = await diners(1);
    expect((await joinWaitlist(t, late!, { lastMinuteId: offerId, people: 2 })).json()).toMatchObject({
      code: "offer_has_seats",
    });
    expect((await answerHold(t, who!, hold.id, "decline")).statusCode).toBe(200);
    expect((await seatsOf(t, offerId)).available).toBe(6);
  });

  it("a table added to the restaurant (as an import adds it) is held by the next pass of the worker", async () => {
    const date = romeDate(15);
    const [owner, who] = await diners(2);
    await fillAllTables(t, f, [owner!], date, "20:00");
    await joined(t, who!, at20(date, 2));
    await t.database.db
      .insertInto("restaurant_tables")
      .values({ restaurant_id: f.allDay.id, number: 9, capacity: 2, active: true })
      .execute();
    try {
      await t.app.waitlistWorker.runOnce();
      expect((await waitlistOf(t, who!)).entries[0]).toMatchObject({ status: "held", hold: { tableNumber: 9 } });
    } finally {
      // Other tests count the fixture's tables.
      await sql`UPDATE reservations SET status = 'released' WHERE table_id IN (SELECT id FROM restaurant_tables WHERE number = 9)`.execute(
        t.database.db,
      );
      await sql`UPDATE restaurant_tables SET active = false WHERE number = 9`.execute(t.database.db);
    }
  });
});
