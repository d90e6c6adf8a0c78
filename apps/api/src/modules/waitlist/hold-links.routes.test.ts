import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { HoldAnswerResponse } from "@tavolo/shared/waitlist";
import { createBookingFixture, diner, romeDate } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";
import { liveHolds, offerHoldAt20 } from "../../../test/waitlist-helpers";

/** The hold mail's link as an attacker and a late reader try it (decision 035). */
const MISSES = 6;
const t = useTestApp(() => ({ env: { AUTH_RATE_LIMIT_FAILURES_PER_IP: String(MISSES) } }));
const f = useFixture(() => createBookingFixture(t));
let day = 50;

const confirmByLink = (token: string, ip = "198.51.100.7") =>
  t.app.inject({
    method: "POST",
    url: "/api/client/holds/confirm-by-link",
    payload: { token },
    headers: { "accept-language": "en" },
    remoteAddress: ip,
  });
const slotsOf = async (date: string) =>
  (
    (
      await t.app.inject({ method: "GET", url: `/api/client/getAvailableSlots/${f.allDay.id}?date=${date}&people=2` })
    ).json() as { slots: string[] }
  ).slots;

/** A diner waiting for 20:00 of a new day, offered a hold by a cancellation; the link of its mail. */
async function heldLink(ip: string) {
  const date = romeDate(day++);
  const { hold, token } = await offerHoldAt20(t, f, await diner(t), date);
  const res = await confirmByLink(token, ip);
  expect(res.statusCode, res.body).toBe(200);
  return { token, hold };
}

describe("POST /api/client/holds/confirm-by-link", () => {
  it("a made-up token changes nothing and clears no cache", async () => {
    const date = romeDate(day++);
    expect(await slotsOf(date)).toContain("20:00");
    // What is free changes behind the cache's back: only an invalidation could show it now.
    const { rows } = await sql<{ id: string }>`UPDATE restaurant_tables SET active = false
      WHERE restaurant_id = ${f.allDay.id} AND active RETURNING id`.execute(t.database.db);
    try {
      const res = await confirmByLink("x".repeat(43), "198.51.100.1");
      expect(res.statusCode).toBe(404);
      expect(await slotsOf(date)).toContain("20:00");
    } finally {
      const ids = rows.map((row) => row.id);
      await sql`UPDATE restaurant_tables SET active = true WHERE id = ANY(${ids}::uuid[])`.execute(t.database.db);
    }
  });

  it("answers 429 after a handful of misses from one address, and still serves other addresses", async () => {
    const answers: number[] = [];
    for (let miss = 0; miss <= MISSES; miss++)
      answers.push((await confirmByLink(`guess${miss}`.padEnd(43, "a"), "198.51.100.2")).statusCode);
    expect(answers.slice(0, MISSES)).toEqual(Array<number>(MISSES).fill(404));
    const refused = await confirmByLink("y".repeat(43), "198.51.100.2");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
    expect((await confirmByLink("z".repeat(43), "198.51.100.3")).statusCode).toBe(404);
  });

  it("a spent link repeats the booking for a few minutes only, then answers 410 with nothing of it", async () => {
    const { token, hold } = await heldLink("198.51.100.4");
    const again = await confirmByLink(token, "198.51.100.4");
    expect(again.statusCode).toBe(200);
    expect((again.json() as HoldAnswerResponse).reservation?.id).toBe(hold.id);

    await sql`UPDATE action_tokens SET consumed_at = now() - interval '6 minutes'
      WHERE purpose = 'hold_confirm' AND target = ${hold.id}`.execute(t.database.db);
    const late = await confirmByLink(token, "198.51.100.4");
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ success: false, code: "hold_link_used", error: expect.any(String) });
  });

  it("a spent link whose time has passed answers 410 with nothing of the booking", async () => {
    const { token, hold } = await heldLink("198.51.100.5");
    await sql`UPDATE action_tokens SET expires_at = now() - interval '1 second'
      WHERE purpose = 'hold_confirm' AND target = ${hold.id}`.execute(t.database.db);
    const late = await confirmByLink(token, "198.51.100.5");
    expect(late.statusCode).toBe(410);
    expect(late.body).not.toContain(hold.id);
  });
});

describe("GET /api/client/holds/by-link", () => {
  const detailsByLink = (token: string, ip: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/client/holds/by-link?token=${encodeURIComponent(token)}`,
      headers: { "accept-language": "en" },
      remoteAddress: ip,
    });

  it("says what the link would confirm while valid, changes nothing, and nothing once spent", async () => {
    const date = romeDate(day++);
    const { hold, token } = await offerHoldAt20(t, f, await diner(t), date);

    const before = await detailsByLink(token, "198.51.100.8");
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      success: true,
      hold: { id: hold.id, restaurantId: f.allDay.id, date, time: "20:00", people: 2 },
    });
    expect(new Date((before.json() as { hold: { expiresAt: string } }).hold.expiresAt).getTime()).toBeGreaterThan(
      Date.now(),
    );
    // Reading twice is still valid: a GET never spends the link.
    expect((await detailsByLink(token, "198.51.100.8")).statusCode).toBe(200);
    expect((await liveHolds(t)).some((row) => row.id === hold.id)).toBe(true);

    expect((await confirmByLink(token, "198.51.100.8")).statusCode).toBe(200);
    const spent = await detailsByLink(token, "198.51.100.8");
    expect(spent.statusCode).toBe(410);
    expect(spent.json()).toEqual({ success: false, code: "hold_link_used", error: expect.any(String) });
    expect(spent.body).not.toContain(hold.id);
  });

  it("an expired link answers 410 hold_expired, a made-up one 404, a malformed one 400", async () => {
    const date = romeDate(day++);
    const { hold, token } = await offerHoldAt20(t, f, await diner(t), date);
    await sql`UPDATE action_tokens SET expires_at = now() - interval '1 second'
      WHERE purpose = 'hold_confirm' AND target = ${hold.id}`.execute(t.database.db);
    const late = await detailsByLink(token, "198.51.100.9");
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: "hold_expired" });
    expect(late.body).not.toContain(hold.id);
    expect((await detailsByLink("q".repeat(43), "198.51.100.9")).statusCode).toBe(404);
    expect((await detailsByLink("short", "198.51.100.9")).statusCode).toBe(400);
  });
});
