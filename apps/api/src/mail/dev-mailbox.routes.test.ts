import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { register } from "../../test/auth-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("development mailbox (outbox transport)", () => {
  it("lists stored mail newest first with clickable links, escaping everything", async () => {
    const first = await register(t.app, { firstName: "<script>alert(1)</script>" });
    const second = await register(t.app, { firstName: "Second", language: "en" });
    const res = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const page = res.body;
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.indexOf(second.user.email)).toBeLessThan(page.indexOf(first.user.email));
    expect(page).toMatch(/<a href="http:\/\/localhost:3000\/email-redirect\?token=[\w-]+&amp;email=[^"]+">/);
    expect(page).toContain("Your Tavolo verification code");
  });

  it("serves the same mail as JSON, optionally for one address in any case", async () => {
    const account = await register(t.app);
    const all = await t.app.inject({ method: "GET", url: "/api/dev/outbox" });
    expect(all.json().messages.length).toBeGreaterThan(1);
    const mine = await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${account.user.email.toUpperCase()}` });
    const messages = mine.json().messages;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      to: account.user.email,
      template: "verification-code",
      language: "it",
      html: expect.stringContaining("<!doctype html>"),
      sentAt: expect.any(String),
      lastError: null,
      // Delivered (the outbox transport only logs it): nothing left to retry.
      nextAttemptAt: null,
      failedAt: null,
    });
    expect((await t.app.inject({ method: "GET", url: "/api/dev/outbox?to=nope" })).statusCode).toBe(400);
  });
});

describe("who may read the development mailbox (decision 017)", () => {
  const outboxFrom = (app: TestApp["app"], remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: "/api/dev/outbox", remoteAddress, headers });

  // The suite's app is the embedded default only on PGlite; on PostgreSQL it stands for a staging start.
  it.skipIf(process.env.TAVOLO_TEST_DATABASE === "postgres")(
    "answers every client in the embedded default, as `npm start` always did",
    async () => {
      expect((await outboxFrom(t.app, "203.0.113.9")).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: "GET", url: "/dev/mailbox", remoteAddress: "203.0.113.9" })).statusCode,
      ).toBe(200);
    },
  );

  it("answers only loopback clients once DEV_MAILBOX_PUBLIC=false, whatever TRUST_PROXY says", async () => {
    const closed = await createTestApp({ env: { DEV_MAILBOX_PUBLIC: "false" } });
    try {
      expect((await outboxFrom(closed.app, "127.0.0.1")).statusCode).toBe(200);
      expect((await outboxFrom(closed.app, "::1")).statusCode).toBe(200);
      expect((await outboxFrom(closed.app, "::ffff:127.0.0.2")).statusCode).toBe(200);
      const remote = await outboxFrom(closed.app, "192.0.2.10");
      expect(remote.statusCode).toBe(404);
      expect(remote.json()).toMatchObject({ success: false, code: "not_found" });
      // A local proxy relaying a remote client, even without TRUST_PROXY.
      expect((await outboxFrom(closed.app, "127.0.0.1", { "x-forwarded-for": "192.0.2.10" })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
