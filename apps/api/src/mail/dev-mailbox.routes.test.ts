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
