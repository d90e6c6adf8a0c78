import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { codeIn, latestMail, linkIn, post, register, uniqueEmail } from "../../../test/auth-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verifyOtp = (email: string, otp: string, headers: Record<string, string> = {}) =>
  post(t.app, "/api/client/verify-email-otp", { email, otp }, headers);
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
/** Lets the 60 s resend cooldown of an address run out. */
const endCooldown = (email: string) =>
  sql`UPDATE send_cooldowns SET until = now() WHERE key = ${`email-verification:${email.toLowerCase()}`}`.execute(
    t.database.db,
  );

describe("verification by code", () => {
  it("the code mailed at registration (in the user's language) verifies the address and yields a one-time login", async () => {
    const account = await register(t.app, { language: "en" });
    const mail = await latestMail(t.app, account.user.email, "verification-code");
    expect(mail.language).toBe("en");
    expect(mail.text).toContain("expires in 10 minutes");
    const res = await verifyOtp(account.user.email, codeIn(mail));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, loginToken: expect.any(String) });
    const { loginToken } = res.json();

    const profile = await t.app.inject({
      method: "GET",
      url: "/api/client/user-profile",
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(profile.json().user.emailVerified).toBe(true);
    expect((await latestMail(t.app, account.user.email)).template).toBe("welcome");

    const signIn = await post(t.app, "/api/client/login-with-token", { email: account.user.email, token: loginToken });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({
      success: true,
      token: expect.any(String),
      refreshToken: expect.any(String),
      user: { id: account.userId, emailVerified: true },
    });
    const again = await post(t.app, "/api/client/login-with-token", { email: account.user.email, token: loginToken });
    expect(again.statusCode).toBe(401);
  });

  it("mails Italian by default, and the code works only once", async () => {
    const account = await register(t.app, { language: undefined });
    const mail = await latestMail(t.app, account.user.email, "verification-code");
    expect(mail.language).toBe("it");
    expect(mail.subject).toMatch(/codice di verifica/);
    const code = codeIn(mail);
    expect((await verifyOtp(account.user.email, code)).statusCode).toBe(200);
    const reused = await verifyOtp(account.user.email, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ success: false, code: "otp_invalid", error: "Codice non valido" });
  });

  it("says 'expired' for the right code after 10 minutes", async () => {
    const account = await register(t.app);
    const code = codeIn(await latestMail(t.app, account.user.email, "verification-code"));
    await sql`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${account.userId}`.execute(
      t.database.db,
    );
    const res = await verifyOtp(account.user.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: "otp_expired", error: "Codice scaduto" });
  });

  it("refuses another account's code", async () => {
    const alice = await register(t.app);
    const bob = await register(t.app);
    const aliceCode = codeIn(await latestMail(t.app, alice.user.email, "verification-code"));
    const bobCode = codeIn(await latestMail(t.app, bob.user.email, "verification-code"));
    if (aliceCode === bobCode) return; // one chance in a million
    const res = await verifyOtp(bob.user.email, aliceCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("otp_invalid");
  });

  it("voids the code after five wrong tries: the sixth try fails even with the right code", async () => {
    const account = await register(t.app);
    const code = codeIn(await latestMail(t.app, account.user.email, "verification-code"));
    for (let i = 0; i < 5; i += 1)
      expect((await verifyOtp(account.user.email, wrongCodeFor(code))).statusCode).toBe(400);
    const sixth = await verifyOtp(account.user.email, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe("otp_invalid");
  });

  it("answers an unknown address like a wrong code, and checks the input", async () => {
    const unknown = await verifyOtp(uniqueEmail("ghost"), "123456");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ success: false, code: "otp_invalid", error: "Codice non valido" });
    const short = await verifyOtp(uniqueEmail(), "12345");
    expect(short.json().error).toBe("Inserisci il codice completo a 6 cifre");
    const letters = await verifyOtp(uniqueEmail(), "12a456");
    expect(letters.statusCode).toBe(400);
    const noEmail = await post(t.app, "/api/client/verify-email-otp", { otp: "123456" });
    expect(noEmail.json().error).toBe("Email non specificata");
  });
});

describe("resend-email-otp", () => {
  it("asks to wait during the 60 s cooldown with retryAfter and Retry-After, then sends a new code", async () => {
    const account = await register(t.app);
    const first = codeIn(await latestMail(t.app, account.user.email, "verification-code"));
    const early = await post(
      t.app,
      "/api/client/resend-email-otp",
      { email: account.user.email },
      { "x-user-language": "en" },
    );
    expect(early.statusCode).toBe(429);
    const body = early.json();
    expect(body).toMatchObject({ success: false, code: "otp_cooldown", retryAfter: expect.any(Number) });
    expect(body.retryAfter).toBeGreaterThan(50);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(body.error).toBe(`Wait ${body.retryAfter} seconds before requesting a new code`);
    expect(early.headers["retry-after"]).toBe(String(body.retryAfter));

    await endCooldown(account.user.email);
    const resent = await post(t.app, "/api/client/resend-email-otp", { email: account.user.email });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ success: true, message: expect.any(String) });
    const second = codeIn(await latestMail(t.app, account.user.email, "verification-code"));
    // The new code replaces the old one.
    if (second !== first) expect((await verifyOtp(account.user.email, first)).statusCode).toBe(400);
    expect((await verifyOtp(account.user.email, second)).statusCode).toBe(200);
  });

  it("answers unknown, unverified and verified addresses alike, cooldown included", async () => {
    const unverified = await register(t.app);
    await endCooldown(unverified.user.email);
    const ghost = uniqueEmail("ghost");
    const answers = [];
    for (const email of [unverified.user.email, ghost]) {
      const first = await post(t.app, "/api/client/resend-email-otp", { email });
      const second = await post(t.app, "/api/client/resend-email-otp", { email });
      answers.push([first.statusCode, first.json(), second.statusCode, second.json().code]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]![2]).toBe(429);
    const ghostMail = await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(ghost)}` });
    expect(ghostMail.json().messages).toEqual([]);
  });
});

describe("verification by link", () => {
  it("verify-email takes the link's token (actionCode) once; resend-verification-email mails a new link", async () => {
    const account = await register(t.app);
    const link = linkIn(
      await latestMail(t.app, account.user.email, "verification-code"),
      `${t.config.appOrigin}/email-redirect`,
    );
    expect(link.searchParams.get("email")).toBe(account.user.email);
    const token = link.searchParams.get("token")!;
    const wrongEmail = await post(t.app, "/api/client/verify-email", { actionCode: token, email: uniqueEmail() });
    expect(wrongEmail.statusCode).toBe(400);
    const res = await post(t.app, "/api/client/verify-email", { actionCode: token, email: account.user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, loginToken: expect.any(String) });
    const reused = await post(t.app, "/api/client/verify-email", { actionCode: token, email: account.user.email });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: "verification_link_invalid",
      error: "Link di verifica non valido o scaduto",
    });
    const missing = await post(t.app, "/api/client/verify-email", { email: account.user.email });
    expect(missing.json().error).toBe("Token mancante");

    const other = await register(t.app, { language: "en" });
    await endCooldown(other.user.email);
    const resend = await post(t.app, "/api/client/resend-verification-email", {
      email: other.user.email,
      language: "en",
    });
    expect(resend.statusCode).toBe(200);
    const linkMail = await latestMail(t.app, other.user.email, "verification-link");
    expect(linkMail.subject).toBe("Confirm your email address on Tavolo");
    const newToken = linkIn(linkMail, `${t.config.appOrigin}/email-redirect`).searchParams.get("token")!;
    expect(
      (await post(t.app, "/api/client/verify-email", { actionCode: newToken, email: other.user.email })).statusCode,
    ).toBe(200);
  });

  it("GET verify-email-and-login verifies and sends the browser to the result page with a login token", async () => {
    const account = await register(t.app);
    const link = linkIn(
      await latestMail(t.app, account.user.email, "verification-code"),
      `${t.config.appOrigin}/email-redirect`,
    );
    const url = `/api/client/verify-email-and-login?${link.searchParams}`;
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(302);
    const target = new URL(res.headers.location as string);
    expect(target.searchParams.get("change")).toBeNull(); // a first verification, not an address change
    expect(`${target.origin}${target.pathname}`).toBe(`${t.config.appOrigin}/verify-result/success`);
    expect(target.searchParams.get("email")).toBe(account.user.email);
    const loginToken = target.searchParams.get("loginToken")!;
    const signIn = await post(t.app, "/api/client/login-with-token", { email: account.user.email, token: loginToken });
    expect(signIn.statusCode).toBe(200);

    const again = await t.app.inject({ method: "GET", url, headers: { "accept-language": "en" } });
    expect(again.statusCode).toBe(302);
    const error = new URL(again.headers.location as string);
    expect(error.pathname).toBe("/verify-result/error");
    expect(error.searchParams.get("message")).toBe("Invalid or expired verification link");
    const noToken = await t.app.inject({ method: "GET", url: "/api/client/verify-email-and-login?email=a@b.it" });
    expect(new URL(noToken.headers.location as string).searchParams.get("message")).toBe("Token mancante");
  });

  it("the code and the link of one mail are one credential: using either voids the other", async () => {
    const byCode = await register(t.app);
    const codeMail = await latestMail(t.app, byCode.user.email, "verification-code");
    const codeMailLink = linkIn(codeMail, `${t.config.appOrigin}/email-redirect`);
    expect((await verifyOtp(byCode.user.email, codeIn(codeMail))).statusCode).toBe(200);
    const linkAfterCode = await t.app.inject({
      method: "GET",
      url: `/api/client/verify-email-and-login?${codeMailLink.searchParams}`,
    });
    expect(new URL(linkAfterCode.headers.location as string).pathname).toBe("/verify-result/error");
    const postedLink = await post(t.app, "/api/client/verify-email", {
      actionCode: codeMailLink.searchParams.get("token"),
      email: byCode.user.email,
    });
    expect(postedLink.json()).toMatchObject({ code: "verification_link_invalid" });

    const byLink = await register(t.app);
    const mail = await latestMail(t.app, byLink.user.email, "verification-code");
    const token = linkIn(mail, `${t.config.appOrigin}/email-redirect`).searchParams.get("token")!;
    expect(
      (await post(t.app, "/api/client/verify-email", { actionCode: token, email: byLink.user.email })).statusCode,
    ).toBe(200);
    const codeAfterLink = await verifyOtp(byLink.user.email, codeIn(mail));
    expect(codeAfterLink.statusCode).toBe(400);
    expect(codeAfterLink.json()).toMatchObject({ code: "otp_invalid" });
  });

  it("login-with-token accepts only a real one-time token for the right address", async () => {
    const account = await register(t.app);
    const variants = [
      { email: account.user.email, verified: true },
      { email: account.user.email, token: "made-up" },
      { email: account.user.email, token: account.refreshToken },
    ];
    for (const payload of variants) {
      const res = await post(t.app, "/api/client/login-with-token", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const missing = await post(t.app, "/api/client/login-with-token", { email: account.user.email, verified: true });
    expect(missing.json().error).toBe("Dati di autenticazione incompleti");
  });
});

describe("registering mid-booking (decision 038)", () => {
  it("the mailed link carries the page to come back to, through the server's check to the result page", async () => {
    const next = "/reservation/r-1?date=2026-05-01&time=20:00&people=2";
    const account = await register(t.app, { next });
    const mail = await latestMail(t.app, account.user.email, "verification-code");
    const link = linkIn(mail, `${t.config.appOrigin}/email-redirect`);
    expect(link.searchParams.get("next")).toBe(next);
    const res = await t.app.inject({ method: "GET", url: `/api/client/verify-email-and-login?${link.searchParams}` });
    const result = new URL(res.headers.location as string);
    expect(result.pathname).toBe("/verify-result/success");
    expect(result.searchParams.get("next")).toBe(next);
  });

  it("drops a return target that leaves the site, and still registers", async () => {
    for (const next of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const account = await register(t.app, { next });
      const link = linkIn(
        await latestMail(t.app, account.user.email, "verification-code"),
        `${t.config.appOrigin}/email-redirect`,
      );
      expect(link.searchParams.has("next")).toBe(false);
      const res = await t.app.inject({
        method: "GET",
        url: `/api/client/verify-email-and-login?${new URLSearchParams({ ...Object.fromEntries(link.searchParams), next })}`,
      });
      expect(new URL(res.headers.location as string).searchParams.has("next")).toBe(false);
    }
  });
});
