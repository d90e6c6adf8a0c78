import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { bearer, latestMail, linkIn, post, register, STRONG_PASSWORD, uniqueEmail } from "../../../test/auth-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_ORIGIN: "https://tavolo.example" } });
});
afterAll(() => t.close());

const NEW_PASSWORD = "Nuova!Password9";

async function requestReset(email: string, headers: Record<string, string> = {}) {
  return post(t.app, "/api/client/request-password-reset", { email, language: "it" }, headers);
}

async function resetTokenFor(email: string): Promise<string> {
  const mail = await latestMail(t.app, email, "password-reset");
  return linkIn(mail, "https://tavolo.example/reset-password").searchParams.get("token")!;
}

describe("request-password-reset", () => {
  it("answers known and unknown addresses alike, and mails only the known one, from APP_ORIGIN", async () => {
    const account = await register(t.app, { language: "en" });
    const ghost = uniqueEmail("ghost");
    // A forged Host header must not end up in the link.
    const known = await requestReset(account.user.email, { host: "evil.example", "x-forwarded-host": "evil.example" });
    const unknown = await requestReset(ghost, { host: "evil.example" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toMatchObject({ success: true, message: expect.any(String) });

    const mail = await latestMail(t.app, account.user.email, "password-reset");
    expect(mail.language).toBe("en");
    expect(mail.text).not.toContain("evil.example");
    expect(linkIn(mail, "https://tavolo.example/reset-password").searchParams.get("token")).toMatch(/^[\w-]{43}$/);
    const ghostMail = await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(ghost)}` });
    expect(ghostMail.json().messages).toEqual([]);
  });

  it("takes about as long for an unknown address", async () => {
    const account = await register(t.app);
    const time = async (email: string) => {
      const started = performance.now();
      await requestReset(email);
      return performance.now() - started;
    };
    let known = 0;
    let unknown = 0;
    for (let i = 0; i < 5; i += 1) {
      known += await time(account.user.email);
      unknown += await time(uniqueEmail("ghost"));
    }
    expect(unknown).toBeGreaterThan(known * 0.3);
  });

  it("needs an address ('Email richiesta')", async () => {
    const res = await post(t.app, "/api/client/request-password-reset", { email: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Email richiesta");
  });
});

describe("reset-password", () => {
  it("sets the new password once, verifies the address and ends every session", async () => {
    const account = await register(t.app);
    await requestReset(account.user.email);
    const token = await resetTokenFor(account.user.email);

    const res = await post(t.app, "/api/client/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "La password è stata reimpostata correttamente" });

    expect(
      (await post(t.app, "/api/client/login", { email: account.user.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(401);
    const signIn = await post(t.app, "/api/client/login", { email: account.user.email, password: NEW_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.emailVerified).toBe(true);
    expect((await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken })).statusCode).toBe(
      401,
    );
    const oldAccess = await t.app.inject({
      method: "GET",
      url: "/api/client/user-profile",
      headers: bearer(account.token),
    });
    expect(oldAccess.statusCode).toBe(401);

    const reused = await post(t.app, "/api/client/reset-password", { token, newPassword: "Altra!Password7" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      success: false,
      code: "reset_link_invalid",
      error: "Link di reset non valido o scaduto",
    });
  });

  it("refuses a link older than an hour", async () => {
    const account = await register(t.app);
    await requestReset(account.user.email);
    const token = await resetTokenFor(account.user.email);
    await sql`UPDATE action_tokens SET expires_at = now() - interval '1 second'
      WHERE user_id = ${account.userId} AND purpose = 'password_reset'`.execute(t.database.db);
    const res = await post(t.app, "/api/client/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("reset_link_invalid");
  });

  it("checks the five rules before touching the token, so a weak try changes nothing", async () => {
    const account = await register(t.app);
    await requestReset(account.user.email);
    const token = await resetTokenFor(account.user.email);
    const weak = await post(
      t.app,
      "/api/client/reset-password",
      { token, newPassword: "password" },
      { "x-user-language": "en" },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe("The password does not meet all the required criteria");
    expect((await post(t.app, "/api/client/reset-password", { token, newPassword: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it("refuses a missing or made-up token, and a stand-in token of an unknown address", async () => {
    const missing = await post(t.app, "/api/client/reset-password", { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Link di reset non valido o scaduto");
    expect(
      (await post(t.app, "/api/client/reset-password", { token: "x".repeat(43), newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(400);
  });

  it("voids the account's other reset links once one is used", async () => {
    const account = await register(t.app);
    await requestReset(account.user.email);
    const first = await resetTokenFor(account.user.email);
    await requestReset(account.user.email);
    const second = await resetTokenFor(account.user.email);
    expect(
      (await post(t.app, "/api/client/reset-password", { token: second, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect(
      (await post(t.app, "/api/client/reset-password", { token: first, newPassword: "Altra!Password7" })).statusCode,
    ).toBe(400);
  });
});
