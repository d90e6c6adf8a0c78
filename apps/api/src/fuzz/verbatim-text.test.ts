import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { latestMail } from "../../test/auth-helpers";
import { addOffer, bookOffer, offerClosingIn } from "../../test/offer-helpers";
import { createBookingFixture, diner, makeReservation, romeDate, type Diner } from "../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../test/test-app";

/**
 * What people type is data, never code: names and special requests that look like HTML or SQL are
 * stored and answered verbatim, and escaped where they are rendered (mail HTML). The API's own
 * Content-Security-Policy allows no inline script.
 */
const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));

const FIRST_NAME = "<b>x</b>";
const LAST_NAME = "'; DROP TABLE users; --";
const SPECIAL_REQUESTS = "<script>alert(1)</script> ' OR 1=1 --";
const NOTES = '"><img src=x onerror=alert(1)>';

/** A dinner for two with the special requests above, on its own table and day. */
const bookWithRequests = (who: Diner, table: number, days: number) =>
  makeReservation(t, who, {
    restaurantId: f.allDay.id,
    tableId: f.allDay.tables[table],
    date: romeDate(days),
    time: "20:00",
    numberOfPeople: 2,
    specialRequests: SPECIAL_REQUESTS,
  });

describe("names and special requests are text", () => {
  it("books with them and gets them back verbatim in JSON, while every table is still there", async () => {
    const who = await diner(t, { firstName: FIRST_NAME, lastName: LAST_NAME, language: "en" });
    const profile = await t.app.inject({ method: "GET", url: "/api/client/user-profile", headers: who.headers });
    expect(profile.json()).toMatchObject({ user: { firstName: FIRST_NAME, lastName: LAST_NAME } });

    const booked = await bookWithRequests(who, 1, 2);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().reservation.specialRequests).toBe(SPECIAL_REQUESTS);

    const offerId = await addOffer(t, offerClosingIn(f.allDay.id, 120));
    const offer = await bookOffer(t, who, { lastMinuteId: offerId, people: 2, notes: NOTES });
    expect(offer.statusCode, offer.body).toBe(201);
    expect(offer.json().reservation.specialRequests).toBe(NOTES);

    const history = await t.app.inject({ url: `/api/client/getUserReservations/${who.userId}`, headers: who.headers });
    const texts = (history.json().reservations as { specialRequests: string }[]).map((r) => r.specialRequests);
    expect(texts.sort()).toEqual([NOTES, SPECIAL_REQUESTS].sort());
    const users = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(t.database.db);
    expect(users.rows[0]!.n).toBeGreaterThan(0);
  });

  it("escapes them in the mails' HTML and keeps them as typed in the plain text", async () => {
    const who = await diner(t, { firstName: FIRST_NAME, lastName: LAST_NAME, language: "en" });
    const verification = await latestMail(t.app, who.email, "verification-code");
    expect(verification.html).not.toContain(FIRST_NAME);
    expect(verification.html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(verification.text).toContain(FIRST_NAME);

    await bookWithRequests(who, 2, 3);
    const mail = await latestMail(t.app, who.email, "reservation-booked");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain(FIRST_NAME);
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &#39;");
    expect(mail.text).toContain(SPECIAL_REQUESTS);
  });
});

describe("Content-Security-Policy of the API", () => {
  it("allows no inline script on answers, errors included", async () => {
    const who = await diner(t);
    const answers = [
      await t.app.inject("/api/health"),
      await t.app.inject("/api/client/searchRestaurantsByLocation?location=milano"),
      await t.app.inject("/api/client/nowhere"),
      await t.app.inject({
        method: "POST",
        url: "/api/client/login",
        payload: "{",
        headers: { "content-type": "application/json" },
      }),
      await t.app.inject({ url: "/api/client/user-profile", headers: who.headers }),
    ];
    for (const res of answers) {
      const policy = String(res.headers["content-security-policy"]);
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1];
      expect(scriptSrc, `${res.statusCode} ${policy}`).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(policy).toContain("object-src 'none'");
    }
  });
});
