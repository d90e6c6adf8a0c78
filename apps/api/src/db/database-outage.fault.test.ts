import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase, type Database } from "./database";
import { migrate } from "./migrate";
import { createTestApp, type TestApp } from "../../test/test-app";
import { startPrivatePostgres, type PrivatePostgres } from "../../test/private-postgres";
import { createBookingFixture, diner, romeDate, tableRequest, type Diner } from "../../test/reservation-helpers";
import { addOffer, createOfferFixture, offerClosingIn } from "../../test/offer-helpers";
import { eventually } from "../../test/smtp-peer";

/**
 * The database server stops in the middle of a steady load of public reads and bookings through
 * the real app over HTTP, then comes back (decision 014). Every answer is a real success or a 503
 * with Retry-After, none hangs, and the app serves again without a restart.
 */
const WORKERS = 8;
/** No answer may take longer: the pool gives up connecting after 5 s (database.ts). */
const ANSWER_BOUND_MS = 8_000;
const OFFER_SEATS = 500;

interface Outcome {
  kind: "search" | "restaurant" | "table" | "offer";
  status: number;
  ms: number;
  at: number;
  retryAfter: string | null;
  body: { success?: boolean; code?: string; reservation?: { id: string } } | undefined;
  retry: () => Promise<Outcome>;
}

let server: PrivatePostgres;
let database: Database;
let t: TestApp;
let base: string;

beforeAll(async () => {
  server = await startPrivatePostgres();
  database = await openDatabase({ databaseUrl: server.url, poolSize: 20 });
  await migrate(database);
  // No public cache: every read goes to the database, so reads meet the outage too.
  t = await createTestApp({ database, env: { PUBLIC_CACHE_TTL_SECONDS: "0" } });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
  await server?.destroy();
});

describe("the database stops mid-load", () => {
  it("answers success or 503 + Retry-After, never a false success, and recovers without a restart", async () => {
    const booking = await createBookingFixture(t);
    const offers = await createOfferFixture(t);
    const offerId = await addOffer(t, offerClosingIn(offers.milano, 240, { totalSeats: OFFER_SEATS }));
    const diners: Diner[] = [];
    for (let i = 0; i < WORKERS; i++) diners.push(await diner(t));

    // Each booking its own seating (a table, a day, a 90-minute slot) or one offer seat: no booking
    // may be refused for a clash, so any answer but 201 or 503 is a fault.
    const jobs: Array<() => { kind: Outcome["kind"]; url: string; body?: object }> = [];
    for (let day = 1; day <= 30; day++) {
      for (let slot = 0; slot < 14; slot++) {
        for (const table of [1, 2, 3]) {
          const time = `${String(Math.floor((slot * 90) / 60)).padStart(2, "0")}:${slot % 2 ? "30" : "00"}`;
          jobs.push(() => ({
            kind: "table",
            url: "/api/client/makeReservation",
            body: tableRequest(booking.allDay, table, romeDate(day), time),
          }));
        }
      }
    }
    for (let seat = 0; seat < OFFER_SEATS; seat++) {
      jobs.splice(seat * 2, 0, () => ({
        kind: "offer",
        url: "/api/client/bookLastMinute",
        body: { lastMinuteId: offerId, people: 1 },
      }));
    }
    const reads = [
      { kind: "search" as const, url: "/api/client/searchRestaurantsByLocation?location=milano" },
      { kind: "restaurant" as const, url: `/api/client/getRestaurantById/${booking.allDay.id}` },
    ];

    const outcomes: Outcome[] = [];
    type Request = { kind: Outcome["kind"]; url: string; body?: object };
    async function send(request: Request, who: Diner, idempotencyKey: string): Promise<Outcome> {
      const started = Date.now();
      const res = await fetch(base + request.url, {
        method: request.body ? "POST" : "GET",
        headers: request.body
          ? { ...who.headers, "content-type": "application/json", "idempotency-key": idempotencyKey }
          : {},
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(ANSWER_BOUND_MS),
      });
      const text = await res.text();
      return {
        kind: request.kind,
        status: res.status,
        ms: Date.now() - started,
        at: Date.now(),
        retryAfter: res.headers.get("retry-after"),
        body: text ? (JSON.parse(text) as Outcome["body"]) : undefined,
        // What a client does with a 503: the same request again, under the same Idempotency-Key.
        retry: () => send(request, who, idempotencyKey),
      };
    }
    let loading = true;
    async function worker(who: Diner, index: number) {
      for (let n = index; loading; n++) {
        const job = n % 2 === 0 ? jobs.shift()?.() : undefined;
        outcomes.push(await send(job ?? reads[n % reads.length]!, who, randomUUID()));
      }
    }
    const ready = () => fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
    const running = Promise.all(diners.map((who, index) => worker(who, index)));
    const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;
    try {
      await eventually(() => (count((o) => o.status === 201) >= 20 ? true : undefined));

      const stoppedAt = Date.now();
      await server.stop();
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBeTruthy();
      await eventually(() => (count((o) => o.at > stoppedAt && o.status === 503) >= 50 ? true : undefined));

      const restartedAt = Date.now();
      await server.start();
      await eventually(async () => ((await ready()).status === 200 ? true : undefined));
      const recoveredAt = Date.now();
      await eventually(() => (count((o) => o.at > restartedAt && o.status === 201) >= 20 ? true : undefined));
      const outage = outcomes.filter((o) => o.at > stoppedAt && o.at <= recoveredAt);
      const sentAfterRecovery = outcomes.filter((o) => o.at - o.ms > recoveredAt);
      console.log(
        `database outage: ${outcomes.length} requests, ${outage.length} until ready again ` +
          `(${outage.filter((o) => o.status === 503).length} × 503, ${outage.filter((o) => o.status < 300).length} ok), ` +
          `${count((o) => o.status < 300)} ok in all, ${count((o) => o.status === 503)} × 503, ` +
          `${count((o) => o.status >= 500 && o.status !== 503)} other 5xx, max ${Math.max(...outcomes.map((o) => o.ms))} ms; ` +
          `outage to readiness ${recoveredAt - stoppedAt} ms; sent after it: ${sentAfterRecovery.length}, ` +
          `${sentAfterRecovery.filter((o) => o.status === 503).length} × 503`,
      );
    } finally {
      loading = false;
      await running;
    }

    // Every answer: a success, or a retryable 503 in JSON. Never a 500, never past the bound
    // (a request that took longer would have thrown its timeout above).
    const statuses = new Set(outcomes.map((o) => o.status));
    expect([...statuses].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    for (const o of outcomes.filter((o) => o.status === 503)) {
      expect(o.retryAfter).toMatch(/^\d+$/);
      expect(o.body).toMatchObject({ success: false, code: expect.any(String) });
    }
    for (const o of outcomes.filter((o) => o.kind === "table" || o.kind === "offer")) {
      expect([201, 503]).toContain(o.status);
    }

    // No false success, and no booking the client was not told about.
    const expectStoredExactly = async (answers: Outcome[]) => {
      const answered = answers.filter((o) => o.status === 201).map((o) => o.body?.reservation?.id);
      const stored = await sql<{ id: string; offer_id: string | null }>`
        SELECT id, offer_id FROM reservations`.execute(database.db);
      expect(new Set(stored.rows.map((row) => row.id))).toEqual(new Set(answered));
      expect(stored.rows.length).toBe(answered.length);
      const seats = await database.db
        .selectFrom("offers")
        .select("available_seats")
        .where("id", "=", offerId)
        .executeTakeFirstOrThrow();
      expect(OFFER_SEATS - seats.available_seats).toBe(stored.rows.filter((row) => row.offer_id === offerId).length);
    };
    await expectStoredExactly(outcomes);

    // The client's way out of a 503: retried with the same key, every refused booking is made once.
    const refused = outcomes.filter((o) => (o.kind === "table" || o.kind === "offer") && o.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    const retried: Outcome[] = [];
    for (const o of refused) retried.push(await o.retry());
    expect(retried.map((o) => o.status)).toEqual(refused.map(() => 201));
    await expectStoredExactly([...outcomes, ...retried]);
  });
});
