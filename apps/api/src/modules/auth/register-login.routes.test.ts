import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { latestMail, post, register, STRONG_PASSWORD, uniqueEmail } from "../../../test/auth-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countUsers = async (email: string) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE lower(email) = ${email.toLowerCase()}`.execute(
      t.database.db,
    )
  ).rows[0]!.n;

describe("register", () => {
  it("creates the account, signs the user in and mails a code (variant with language and consent)", async () => {
    const email = uniqueEmail("mario");
    const res = await post(t.app, "/api/client/register", {
      email,
      password: STRONG_PASSWORD,
      firstName: "Mario",
      lastName: "Rossi",
      termsAccepted: true,
      newsletterSubscribed: true,
      language: "en",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      userId: body.user.id,
      token: expect.any(String),
      refreshToken: expect.any(String),
      user: {
        email,
        firstName: "Mario",
        lastName: "Rossi",
        displayName: "Mario Rossi",
        emailVerified: false,
        phoneVerified: false,
        language: "en",
        termsAccepted: true,
        newsletterSubscribed: true,
        authProvider: "password",
      },
    });
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(res.headers["cache-control"]).toBe("no-store");
    const mail = await latestMail(t.app, email, "verification-code");
    expect(mail.language).toBe("en");
    expect(mail.subject).toMatch(/verification code/);
  });

  it("accepts the variant with a phone number and without consent (which then stays off)", async () => {
    const res = await post(t.app, "/api/client/register", {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      firstName: "Anna",
      lastName: "Verdi",
      phoneNumber: "+39 333 123 4567",
      termsAccepted: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      phoneNumber: "+393331234567",
      newsletterSubscribed: false,
      language: "it",
    });
  });

  it("answers a taken address (any case) with user_exists and redirectToLogin, in the spec's words", async () => {
    const first = await register(t.app);
    const res = await post(
      t.app,
      "/api/client/register",
      {
        email: first.user.email.toUpperCase(),
        password: STRONG_PASSWORD,
        firstName: "X",
        lastName: "Y",
        termsAccepted: true,
      },
      { "x-user-language": "en" },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: "user_exists",
      type: "user_exists",
      redirectToLogin: true,
      error: "This email is already registered. You will be redirected to the login page",
    });
    expect(await countUsers(first.user.email)).toBe(1);
  });

  it("enforces every rule of SPEC §5 with translated messages and creates nothing", async () => {
    const base = {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      firstName: "A",
      lastName: "B",
      termsAccepted: true,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not-an-email" }, "L'indirizzo email inserito non è valido"],
      [{ email: "a@b" }, "L'indirizzo email inserito non è valido"],
      [{ password: "Ab1!" }, "La password non soddisfa tutti i criteri richiesti"],
      [{ password: "abcdef1!" }, "La password non soddisfa tutti i criteri richiesti"],
      [{ password: "ABCDEF1!" }, "La password non soddisfa tutti i criteri richiesti"],
      [{ password: "Abcdefg!" }, "La password non soddisfa tutti i criteri richiesti"],
      [{ password: "Abcdef12" }, "La password non soddisfa tutti i criteri richiesti"],
      [{ termsAccepted: false }, "È necessario accettare i termini e le condizioni"],
      [{ termsAccepted: undefined }, "È necessario accettare i termini e le condizioni"],
      [{ firstName: "  " }, "Inserisci il nome"],
      [{ lastName: undefined }, "Inserisci il cognome"],
      [
        { phoneNumber: "12345" },
        "Numero di telefono non valido: usa il prefisso internazionale, ad esempio +39 333 1234567",
      ],
      [{ password: `Aa1!${"x".repeat(200)}` }, "La password è troppo lunga (massimo 128 caratteri)"],
    ];
    for (const [change, message] of cases) {
      const res = await post(t.app, "/api/client/register", { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({
        success: false,
        code: "validation_error",
        error: message,
      });
    }
    expect(await countUsers(base.email)).toBe(0);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/client/register",
      headers: { "content-type": "application/json" },
      payload: '{"email": "x@y.it",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: "malformed_json" });
  });
});

describe("login", () => {
  it("returns user, token and refreshToken", async () => {
    const account = await register(t.app);
    const res = await post(t.app, "/api/client/login", {
      email: account.user.email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      token: expect.any(String),
      refreshToken: expect.any(String),
      user: { id: account.userId },
    });
  });

  it("answers a wrong password and an unknown address exactly alike", async () => {
    const account = await register(t.app);
    const wrong = await post(t.app, "/api/client/login", { email: account.user.email, password: "Wrong#Pass1" });
    const unknown = await post(t.app, "/api/client/login", { email: uniqueEmail("nobody"), password: "Wrong#Pass1" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      success: false,
      code: "invalid_credentials",
      error: "Email o password non corretti",
    });
  });

  it("takes about as long for an unknown address as for a wrong password (both run argon2)", async () => {
    const account = await register(t.app);
    const time = async (email: string) => {
      const started = performance.now();
      await post(t.app, "/api/client/login", { email, password: "Wrong#Pass1" });
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(account.user.email));
      unknown.push(await time(uniqueEmail("ghost")));
    }
    // Generous bounds: a skipped hash would make the unknown case several times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it("requires both fields", async () => {
    const res = await post(t.app, "/api/client/login", { email: uniqueEmail() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Inserisci la password");
  });
});
