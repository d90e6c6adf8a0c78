import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiProcesses, type Answer, type ApiProcess } from "../../test/api-processes";
import { registration, STRONG_PASSWORD, uniqueEmail } from "../../test/auth-helpers";
import { broadcastInvalidation, PUBLIC_CACHES } from "../http/cache-invalidation";
import { addOffer, createOfferFixture, offerClosingIn } from "../../test/offer-helpers";
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from "../../test/private-redis";
import {
  createBookingFixture,
  diner,
  nextWeekday,
  tableRequest,
  type BookingFixture,
  type Diner,
} from "../../test/reservation-helpers";
import { useTestApp } from "../../test/test-app";
import { builtWebApp, removeBuiltWebApp } from "../../test/web-build";

/**
 * Two real API processes on one PostgreSQL database and one (private) Redis, as behind a load
 * balancer: what one process counts, the other knows; readiness follows the database and Redis;
 * a booking through one is not shown stale by the other.
 */
const PER_ACCOUNT = 5;
const PER_ACCOUNT_AND_IP = 2;
const PER_IP = 8;

const onPostgresWithRedis = process.env.TAVOLO_TEST_DATABASE === "postgres" && hasRedisServer;

describe.skipIf(!onPostgresWithRedis)("two API processes sharing PostgreSQL and Redis", () => {
  const t = useTestApp();
  let redis: PrivateRedis;
  let a: ApiProcess;
  let b: ApiProcess;
  let offerId: string;
  let restaurantId: string;
  let guest: Diner;
  let tables: BookingFixture;

  beforeAll(async () => {
    const { milano } = await createOfferFixture(t);
    tables = await createBookingFixture(t);
    restaurantId = milano;
    offerId = await addOffer(t, offerClosingIn(milano, 120, { totalSeats: 4 }));
    guest = await diner(t);
    redis = await startPrivateRedis();
    [a, b] = (await startApiProcesses(t, 2, {
      REDIS_URL: redis.url,
      // The built app, so each process also renders the public pages and caches them (decision 027).
      WEB_DIST_DIR: await builtWebApp(),
      // The primary standing in for a replica without lag: starts the processes' replica wiring.
      DATABASE_READ_URL: t.databaseUrl!,
      // Behind the load balancer: each test speaks from its own client address (X-Forwarded-For).
      TRUST_PROXY: "true",
      AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
      AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: String(PER_ACCOUNT_AND_IP),
      AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
    })) as [ApiProcess, ApiProcess];
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await removeBuiltWebApp();
  });

  const login = (via: ApiProcess, clientIp: string, email: string, password = STRONG_PASSWORD) =>
    via.post("/api/client/login", { email, password }, { "x-forwarded-for": clientIp, "accept-language": "en" });

  function expectThrottled(res: Answer, label: string) {
    expect(res.statusCode, label).toBe(429);
    expect(res.json(), label).toMatchObject({ success: false, code: "rate_limited" });
    expect(Number(res.headers.get("retry-after")), label).toBeGreaterThan(0);
  }

  describe("rate limits", () => {
    it.each([
      ["first process", "second process"],
      ["second process", "first process"],
    ])(
      "count an account's failures across processes: past N, the right password asks for the mailed code, starting on the %s",
      async (starter) => {
        const [even, odd] = starter === "first process" ? [a, b] : [b, a];
        const email = uniqueEmail("scaled");
        expect(
          (await t.app.inject({ method: "POST", url: "/api/client/register", payload: registration({ email }) }))
            .statusCode,
        ).toBe(201);
        for (let attempt = 0; attempt < PER_ACCOUNT; attempt++) {
          // Each attempt from another client address: only the per-account counter can tell.
          const res = await login(
            attempt % 2 === 0 ? even : odd,
            `10.1.${attempt}.${starter.length}`,
            email,
            "Wrong#Pass1",
          );
          expect(res.statusCode, `attempt ${attempt + 1}`).toBe(401);
        }
        // Attempt N+1 lands on the process that did not take attempt N; N+2 on the other one. Past the
        // ceiling no stranger locks the diner out: the right password is met with a mailed code (decision 036).
        for (const [via, ip, label] of [
          [PER_ACCOUNT % 2 === 0 ? even : odd, "10.2.0.1", "N+1 attempt"],
          [PER_ACCOUNT % 2 === 0 ? odd : even, "10.2.0.2", "N+2 attempt"],
        ] as const) {
          const res = await login(via, ip, email);
          expect(res.statusCode, label).toBe(401);
          expect(res.json(), label).toMatchObject({ success: false, code: "login_code_required" });
        }
      },
    );

    it("refuse a failing address for that account on both processes, yet let the diner in from another", async () => {
      const email = uniqueEmail("diner");
      expect(
        (await t.app.inject({ method: "POST", url: "/api/client/register", payload: registration({ email }) }))
          .statusCode,
      ).toBe(201);
      const stranger = "10.4.0.1";
      expect((await login(a, stranger, email, "Wrong#Pass1")).statusCode).toBe(401);
      expect((await login(b, stranger, email, "Wrong#Pass1")).statusCode).toBe(401);
      expectThrottled(await login(a, stranger, email, "Wrong#Pass1"), "the stranger's next failure");
      expectThrottled(await login(b, stranger, email), "even the right password from the stranger's address");
      expect((await login(b, "10.4.0.2", email)).statusCode, "the diner, from home").toBe(200);
    });

    it("refuse the N+1th request of a client address, whichever process gets it", async () => {
      const ip = "10.3.0.1";
      for (let attempt = 0; attempt < PER_IP; attempt++) {
        const res = await login(attempt % 2 === 0 ? a : b, ip, uniqueEmail());
        expect(res.statusCode, `attempt ${attempt + 1}`).toBe(401);
      }
      expectThrottled(await login(a, ip, uniqueEmail()), "N+1 via the first process");
      expectThrottled(await login(b, ip, uniqueEmail()), "N+1 via the second process");
    });
  });

  describe("public caches", () => {
    const seatsShownBy = async (via: ApiProcess) => {
      const res = await via.get("/api/client/getAvailableLastMinute");
      expect(res.statusCode).toBe(200);
      const body = res.json() as { offers: { id: string; currentAvailableSeats: number }[] };
      return body.offers.find((offer) => offer.id === offerId)?.currentAvailableSeats;
    };

    it("show a booking made through one process at once in the other's offer lists", async () => {
      // The second process caches its list (5 s): without invalidation it would keep showing 4.
      expect(await seatsShownBy(b)).toBe(4);
      expect(await seatsShownBy(b)).toBe(4);
      const booked = await a.post("/api/client/bookLastMinute", { lastMinuteId: offerId, people: 1 }, guest.headers);
      expect(booked.statusCode).toBe(201);
      // Pub/sub delivery takes a moment; 3 s is still below the list cache's 5 s lifetime.
      await expect.poll(() => seatsShownBy(b), { timeout: 3_000, interval: 50 }).toBe(3);
    });

    it("show a booking made through one process at once in the other's rendered offer page", async () => {
      // What a visitor without JavaScript (or a crawler) reads: "3 di 4 posti liberi".
      const seatsInPageOf = async (via: ApiProcess) => {
        const res = await via.get(`/lastminute/${offerId}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/text\/html/);
        return Number(/(\d+) di \d+ posti liberi/.exec(res.text())?.[1]);
      };
      const before = await seatsInPageOf(b);
      expect(before).toBeGreaterThan(0);
      // Asked again, the second process answers from its page cache (same ETag, 304).
      const cached = await b.get(`/lastminute/${offerId}`);
      expect((await b.get(`/lastminute/${offerId}`, { "if-none-match": cached.headers.get("etag")! })).statusCode).toBe(
        304,
      );
      const booked = await a.post("/api/client/bookLastMinute", { lastMinuteId: offerId, people: 1 }, guest.headers);
      expect(booked.statusCode).toBe(201);
      // Well within the page's 30 s lifetime: only the invalidation through Redis can make this pass.
      await expect.poll(() => seatsInPageOf(b), { timeout: 3_000, interval: 50 }).toBe(before - 1);
    });

    it("drop a free time from the other process's search for a table once its last table is booked", async () => {
      const date = nextWeekday(5);
      const slotsShownBy = async (via: ApiProcess) => {
        const res = await via.get(
          `/api/client/searchRestaurantsByLocation?location=milano&date=${date}&time=20:30&people=3`,
        );
        expect(res.statusCode).toBe(200);
        const body = res.json() as { restaurants: { id: string; availableSlots: string[] }[] };
        return body.restaurants.find((restaurant) => restaurant.id === tables.dinner.id)?.availableSlots;
      };
      // A party of 3 fits only the Osteria's table 1; the second process now keeps this answer.
      expect(await slotsShownBy(b)).toContain("20:30");
      const booked = await a.post(
        "/api/client/makeReservation",
        tableRequest(tables.dinner, 1, date, "20:30", 3),
        guest.headers,
      );
      expect(booked.statusCode, JSON.stringify(booked.json())).toBe(201);
      await expect.poll(() => slotsShownBy(b), { timeout: 3_000, interval: 50 }).toEqual(["19:00"]);
    });

    it("drop the cached catalogue of every process when an import says so", async () => {
      const nameShownBy = async (via: ApiProcess) =>
        ((await via.get(`/api/client/getRestaurantById/${restaurantId}`)).json() as { restaurant: { name: string } })
          .restaurant.name;
      expect(await nameShownBy(a)).toBe("Trattoria del Duomo");
      expect(await nameShownBy(b)).toBe("Trattoria del Duomo");
      // What db:import writes, then tells the running processes (src/cli/import.ts).
      await t.database.db
        .updateTable("restaurants")
        .set({ name: "Trattoria del Duomo Nuova" })
        .where("id", "=", restaurantId)
        .execute();
      expect(await nameShownBy(b), "cached for PUBLIC_CACHE_TTL_SECONDS until told").toBe("Trattoria del Duomo");
      await broadcastInvalidation(redis.url, [PUBLIC_CACHES.catalogue]);
      for (const via of [a, b]) {
        await expect.poll(() => nameShownBy(via), { timeout: 3_000, interval: 50 }).toBe("Trattoria del Duomo Nuova");
      }
    });
  });

  describe("readiness", () => {
    const ready = (via: ApiProcess) => via.get("/api/ready", { "accept-language": "en" });

    it("reports Redis down (503, Retry-After) and up again, without a restart; liveness stays 200", async () => {
      for (const via of [a, b])
        expect((await ready(via)).json()).toMatchObject({ status: "ready", replica: "ok", redis: "ok" });

      await redis.stop();
      for (const via of [a, b]) {
        await expect.poll(async () => (await ready(via)).statusCode, { timeout: 5_000 }).toBe(503);
        const res = await ready(via);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(res.json()).toMatchObject({
          success: false,
          code: "not_ready",
          error: "Service temporarily unavailable. Try again shortly.",
          database: "postgres",
          replica: "ok",
          redis: "unreachable",
        });
        expect((await via.get("/api/health")).statusCode).toBe(200);
        // Sign-in keeps working without the shared counters (they are skipped, not failed).
        expect((await login(via, "10.4.0.1", uniqueEmail())).statusCode).toBe(401);
      }

      await redis.start();
      for (const via of [a, b]) {
        await expect.poll(async () => (await ready(via)).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
      }
    });
  });
});
