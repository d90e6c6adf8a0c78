import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createTestApp, type TestApp } from "../../test/test-app";
import { uniqueEmail } from "../../test/auth-helpers";
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from "../../test/private-redis";

const LOW_LIMITS = { AUTH_RATE_LIMIT_PER_IP: "3", AUTH_RATE_LIMIT_PER_ACCOUNT: "2" };

const loginFrom = (app: FastifyInstance, ip: string, email: string) =>
  app.inject({
    method: "POST",
    url: "/api/client/login",
    payload: { email, password: "Wrong#Pass1" },
    remoteAddress: ip,
    headers: { "accept-language": "en" },
  });

function expectThrottled(res: Awaited<ReturnType<typeof loginFrom>>) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body).toMatchObject({
    success: false,
    code: "rate_limited",
    error: "Too many requests. Try again in a few seconds.",
    retryAfter: expect.any(Number),
  });
  expect(Number(res.headers["retry-after"])).toBe(body.retryAfter);
  expect(body.retryAfter).toBeGreaterThan(0);
}

describe("auth rate limits (in-process store)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: LOW_LIMITS });
  });
  afterAll(() => t.close());

  it("limit one account whatever the client address", async () => {
    const email = uniqueEmail("target");
    expect((await loginFrom(t.app, "10.0.0.1", email)).statusCode).toBe(401);
    expect((await loginFrom(t.app, "10.0.0.1", email)).statusCode).toBe(401);
    expectThrottled(await loginFrom(t.app, "10.0.0.1", email));
    expectThrottled(await loginFrom(t.app, "10.0.0.2", email.toUpperCase()));
  });

  it("limit one client address whatever the account, counting malformed requests too", async () => {
    expect((await loginFrom(t.app, "10.0.0.3", uniqueEmail())).statusCode).toBe(401);
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/client/login",
      remoteAddress: "10.0.0.3",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.statusCode).toBe(400);
    expect((await loginFrom(t.app, "10.0.0.3", uniqueEmail())).statusCode).toBe(401);
    expectThrottled(await loginFrom(t.app, "10.0.0.3", uniqueEmail()));
  });

  it("keep route families apart, and leave other routes alone", async () => {
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/client/request-password-reset",
      payload: { email: uniqueEmail() },
      remoteAddress: "10.0.0.3",
    });
    expect(reset.statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      const health = await t.app.inject({ method: "GET", url: "/api/health", remoteAddress: "10.0.0.3" });
      expect(health.statusCode).toBe(200);
    }
  });
});

describe.skipIf(!hasRedisServer)("auth rate limits shared through Redis (REDIS_URL)", () => {
  let redis: PrivateRedis;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    const env = { ...LOW_LIMITS, REDIS_URL: redis.url };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  it("count requests across API processes", async () => {
    const email = uniqueEmail("shared");
    expect((await loginFrom(first.app, "10.0.1.1", email)).statusCode).toBe(401);
    expect((await loginFrom(second.app, "10.0.1.2", email)).statusCode).toBe(401);
    expectThrottled(await loginFrom(first.app, "10.0.1.3", email));
  });
});
