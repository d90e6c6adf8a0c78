import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "../../test/test-app";
import { codeIn, latestMail, login, register, STRONG_PASSWORD, uniqueEmail } from "../../test/auth-helpers";
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from "../../test/private-redis";

/**
 * Decision 017: failed attempts are throttled per (account, client address) and per address, with
 * an account ceiling far above typing; a stranger's failures never lock the diner out.
 */
const LOW_LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: "20",
  AUTH_RATE_LIMIT_FAILURES_PER_IP: "6",
  AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "3",
  AUTH_RATE_LIMIT_PER_ACCOUNT: "8",
  AUTH_RATE_LIMIT_FAILURE_DELAY_MS: "0",
};

const postFrom = (app: FastifyInstance, ip: string, url: string, payload: unknown) =>
  app.inject({
    method: "POST",
    url: `/api/client/${url}`,
    payload: payload as object,
    remoteAddress: ip,
    headers: { "accept-language": "en" },
  });

const loginFrom = (app: FastifyInstance, ip: string, email: string, password = "Wrong#Pass1") =>
  postFrom(app, ip, "login", { email, password });

function expectThrottled(res: LightMyRequestResponse, label = "") {
  expect(res.statusCode, label).toBe(429);
  const body = res.json();
  expect(body, label).toMatchObject({
    success: false,
    code: "rate_limited",
    error: "Too many requests. Try again in a few seconds.",
    retryAfter: expect.any(Number),
  });
  expect(Number(res.headers["retry-after"])).toBe(body.retryAfter);
  expect(body.retryAfter).toBeGreaterThan(0);
}

async function failTimes(times: number, attempt: () => Promise<LightMyRequestResponse>, status = 401) {
  for (let i = 0; i < times; i += 1) expect((await attempt()).statusCode, `failure ${i + 1}`).toBe(status);
}

describe("auth rate limits with the default settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    // The defaults of config.ts, except the failure delay (measured below).
    t = await createTestApp({
      env: {
        AUTH_RATE_LIMIT_PER_IP: "30",
        AUTH_RATE_LIMIT_FAILURES_PER_IP: "50",
        AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "10",
        AUTH_RATE_LIMIT_PER_ACCOUNT: "100",
        AUTH_RATE_LIMIT_FAILURE_DELAY_MS: "0",
      },
    });
  });
  afterAll(() => t.close());

  it("let the diner sign in after a stranger's 10 wrong passwords from another address", async () => {
    const diner = await register(t.app);
    const email = diner.user.email;
    await failTimes(10, () => loginFrom(t.app, "203.0.113.1", email));
    expectThrottled(await loginFrom(t.app, "203.0.113.1", email), "11th attempt of the stranger");
    expectThrottled(await loginFrom(t.app, "203.0.113.1", email, STRONG_PASSWORD), "even right, from that address");
    const mine = await loginFrom(t.app, "198.51.100.7", email.toUpperCase(), STRONG_PASSWORD);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ success: true, user: { email } });
  });
});

describe("auth rate limits (in-process store)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: LOW_LIMITS });
  });
  afterAll(() => t.close());

  it("throttle failures per (account, address): the right password from a fresh address still signs in", async () => {
    const diner = await register(t.app);
    const email = diner.user.email;
    await failTimes(3, () => loginFrom(t.app, "10.0.0.1", email));
    expectThrottled(await loginFrom(t.app, "10.0.0.1", email));
    expectThrottled(await loginFrom(t.app, "10.0.0.1", email.toUpperCase(), STRONG_PASSWORD));
    expect((await loginFrom(t.app, "10.0.0.2", email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it("count no success: a diner signs in more often than the failure limits", async () => {
    const diner = await register(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await loginFrom(t.app, "10.0.1.1", diner.user.email, STRONG_PASSWORD)).statusCode,
        `sign-in ${i + 1}`,
      ).toBe(200);
    }
  });

  it("keep an account ceiling across addresses, past which the right password also needs a mailed code", async () => {
    const diner = await register(t.app);
    const email = diner.user.email;
    // 8 failures from 4 addresses, 2 each: no address reaches its own limit of 3.
    for (let i = 0; i < 8; i += 1) expect((await loginFrom(t.app, `10.0.2.${i % 4}`, email)).statusCode).toBe(401);
    const asked = await loginFrom(t.app, "10.0.2.200", email, STRONG_PASSWORD);
    expect(asked.statusCode, "over the account ceiling").toBe(401);
    expect(asked.json()).toMatchObject({ code: "login_code_required" });
  });

  it("throttle failures per address, whatever the account", async () => {
    await failTimes(6, () => loginFrom(t.app, "10.0.3.1", uniqueEmail("spray")));
    expectThrottled(await loginFrom(t.app, "10.0.3.1", uniqueEmail("spray")));
    expect((await loginFrom(t.app, "10.0.3.2", uniqueEmail("spray"))).statusCode).toBe(401);
  });

  it("limit every request of one address and minute, counting malformed requests too", async () => {
    const ip = "10.0.4.1";
    for (let i = 0; i < 20; i += 1) {
      const malformed = await t.app.inject({
        method: "POST",
        url: "/api/client/login",
        remoteAddress: ip,
        headers: { "content-type": "application/json" },
        payload: "{",
      });
      expect(malformed.statusCode).toBe(400);
    }
    expectThrottled(await loginFrom(t.app, ip, uniqueEmail()));
  });

  it("throttle wrong verify-email-otp and login-with-token attempts the same way", async () => {
    const diner = await register(t.app);
    const email = diner.user.email;
    const wrongCode = () => postFrom(t.app, "10.0.5.1", "verify-email-otp", { email, otp: "000000" });
    await failTimes(3, wrongCode, 400);
    expectThrottled(await wrongCode());
    const code = codeIn(await latestMail(t.app, email, "verification-code"));
    const verified = await postFrom(t.app, "10.0.5.2", "verify-email-otp", { email, otp: code });
    expect(verified.statusCode).toBe(200);
    const { loginToken } = verified.json() as { loginToken: string };

    const wrongToken = () =>
      postFrom(t.app, "10.0.5.3", "login-with-token", { email, token: "not-the-token-0123456789" });
    await failTimes(3, wrongToken);
    expectThrottled(await wrongToken());
    expectThrottled(await postFrom(t.app, "10.0.5.3", "login-with-token", { email, token: loginToken }));
    const signedIn = await postFrom(t.app, "10.0.5.4", "login-with-token", { email, token: loginToken });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ success: true, user: { email } });
  });

  it("count every reset request (each sends a mail), per address and account", async () => {
    const diner = await register(t.app);
    const request = (ip: string) => postFrom(t.app, ip, "request-password-reset", { email: diner.user.email });
    for (let i = 0; i < 3; i += 1) expect((await request("10.0.6.1")).statusCode).toBe(200);
    expectThrottled(await request("10.0.6.1"));
    expect((await request("10.0.6.2")).statusCode).toBe(200);
  });

  it("keep route families apart, and leave other routes alone", async () => {
    const ip = "10.0.7.1";
    await failTimes(3, () => loginFrom(t.app, ip, "apart@example.it"));
    expectThrottled(await loginFrom(t.app, ip, "apart@example.it"));
    expect((await postFrom(t.app, ip, "request-password-reset", { email: "apart@example.it" })).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      const health = await t.app.inject({ method: "GET", url: "/api/health", remoteAddress: ip });
      expect(health.statusCode).toBe(200);
    }
  });
});

describe("refresh-token and the failure delay", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...LOW_LIMITS, AUTH_RATE_LIMIT_PER_IP: "3", AUTH_RATE_LIMIT_FAILURE_DELAY_MS: "300" },
    });
  });
  afterAll(() => t.close());

  it("limit refresh-token requests per client address", async () => {
    const refresh = (ip: string, refreshToken: string) => postFrom(t.app, ip, "refresh-token", { refreshToken });
    const diner = await register(t.app);
    let { refreshToken } = await login(t.app, diner.user.email);
    for (let i = 0; i < 3; i += 1) {
      const res = await refresh("10.1.0.1", refreshToken);
      expect(res.statusCode, `refresh ${i + 1}`).toBe(200);
      refreshToken = res.json().refreshToken;
    }
    expectThrottled(await refresh("10.1.0.1", refreshToken));
    expect((await refresh("10.1.0.2", refreshToken)).statusCode).toBe(200);
  });

  it("hold a failed attempt's answer for the failure delay", async () => {
    const started = performance.now();
    expect((await loginFrom(t.app, "10.1.1.1", uniqueEmail())).statusCode).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
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

  it("count failures across API processes, and still let the right password in from another address", async () => {
    // Each test app has a database of its own: the diner registers on both.
    const email = uniqueEmail("shared");
    await register(first.app, { email });
    await register(second.app, { email });
    expect((await loginFrom(first.app, "10.2.0.1", email)).statusCode).toBe(401);
    expect((await loginFrom(second.app, "10.2.0.1", email)).statusCode).toBe(401);
    expect((await loginFrom(first.app, "10.2.0.1", email)).statusCode).toBe(401);
    expectThrottled(await loginFrom(second.app, "10.2.0.1", email));
    expect((await loginFrom(second.app, "10.2.0.2", email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it("share the account ceiling across API processes", async () => {
    const email = uniqueEmail("shared");
    for (let i = 0; i < 8; i += 1) {
      const via = i % 2 === 0 ? first : second;
      expect((await loginFrom(via.app, `10.2.1.${i}`, email)).statusCode).toBe(401);
    }
    // Past the shared ceiling a sign-in needs the mailed code, in either process (decision 036).
    await register(first.app, { email });
    await register(second.app, { email });
    for (const [via, ip] of [
      [first, "10.2.1.100"],
      [second, "10.2.1.101"],
    ] as const) {
      const asked = await loginFrom(via.app, ip, email, STRONG_PASSWORD);
      expect(asked.json()).toMatchObject({ code: "login_code_required" });
    }
  });
});
