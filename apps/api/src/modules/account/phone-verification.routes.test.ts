import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { bearer, register } from "../../../test/auth-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof register>>;
const start = (user: User, phoneNumber: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/client/verify-phone/start",
    payload: { userId: user.userId, phoneNumber, language: "it" },
    headers: { ...bearer(user.token), ...headers },
  });
const confirm = (user: User, otp: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/client/verify-phone/confirm",
    payload: { userId: user.userId, otp },
    headers: bearer(user.token),
  });
const profileOf = async (user: User) =>
  (await t.app.inject({ method: "GET", url: "/api/client/user-profile", headers: bearer(user.token) })).json().user as {
    phoneNumber: string | null;
    phoneVerified: boolean;
  };

/** The newest text message to a number, read from the outbox like a person reads /dev/mailbox. */
async function smsCode(phoneNumber: string): Promise<{ code: string; text: string; language: string }> {
  const res = await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(phoneNumber)}` });
  const message = (res.json() as { messages: { text: string; template: string; language: string }[] }).messages[0];
  const code = /\b(\d{6})\b/.exec(message?.text ?? "")?.[1];
  if (!message || !code) throw new Error(`no code for ${phoneNumber}`);
  expect(message.template).toBe("sms-phone-code");
  return { code, text: message.text, language: message.language };
}
/** Lets the next send happen at once, as 60 s later. */
const skipCooldown = (user: User) =>
  sql`DELETE FROM send_cooldowns WHERE key = ${`phone-code:${user.userId}`}`.execute(t.database.db);
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("phone verification", () => {
  it("sends a code by SMS in the user's language and verifies the number with it", async () => {
    const user = await register(t.app, { language: "en" });
    const res = await start(user, "+39 333 123 4567");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, alreadyVerified: false, phoneNumber: "+393331234567" });
    // Nothing changes until the code comes back.
    expect(await profileOf(user)).toMatchObject({ phoneNumber: null, phoneVerified: false });

    const sms = await smsCode("+393331234567");
    expect(sms.language).toBe("en");
    expect(sms.text).toContain("your verification code is");
    expect(sms.text).toMatch(/@[\w.:-]+ #\d{6}$/); // WebOTP line

    const ok = await confirm(user, sms.code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ phoneNumber: "+393331234567", phoneVerified: true });
    expect(await profileOf(user)).toMatchObject({ phoneNumber: "+393331234567", phoneVerified: true });
  });

  it("refuses a wrong code, then an expired one, and never takes a code twice", async () => {
    const user = await register(t.app);
    expect((await start(user, "+393401112233")).statusCode).toBe(200);
    const { code } = await smsCode("+393401112233");

    const bad = await confirm(user, wrong(code));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "otp_invalid", error: "Codice non valido" });
    expect(await profileOf(user)).toMatchObject({ phoneVerified: false, phoneNumber: null });

    await sql`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${user.userId}`.execute(
      t.database.db,
    );
    const expired = await confirm(user, code);
    expect(expired.json()).toMatchObject({ code: "otp_expired", error: "Codice scaduto" });

    await skipCooldown(user);
    await start(user, "+393401112233");
    const fresh = await smsCode("+393401112233");
    expect((await confirm(user, fresh.code)).statusCode).toBe(200);
    const reused = await confirm(user, fresh.code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("otp_invalid");
  });

  it("voids a code after five wrong tries", async () => {
    const user = await register(t.app);
    await start(user, "+393409998877");
    const { code } = await smsCode("+393409998877");
    for (let i = 0; i < 5; i++) expect((await confirm(user, wrong(code))).statusCode).toBe(400);
    expect((await confirm(user, code)).json().code).toBe("otp_invalid");
    expect(await profileOf(user)).toMatchObject({ phoneVerified: false });
  });

  it("keeps 60 s between codes and says how long is left (retryAfter)", async () => {
    const user = await register(t.app);
    expect((await start(user, "+393471234567")).statusCode).toBe(200);
    const again = await start(user, "+393471234568"); // another number does not skip the wait
    expect(again.statusCode).toBe(429);
    const body = again.json();
    expect(body.code).toBe("otp_cooldown");
    expect(body.retryAfter).toBeGreaterThan(50);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(again.headers["retry-after"]).toBe(String(body.retryAfter));
  });

  it("refuses a number another account has verified, before and after sending a code", async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    await start(owner, "+393355550000");
    // The other account asks first, then the owner proves the number, then the other answers.
    await start(other, "+393355550000");
    const messages = (
      await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent("+393355550000")}` })
    ).json().messages as { text: string }[];
    const codes = messages.map((message) => /\b(\d{6})\b/.exec(message.text)?.[1] ?? "");
    const [otherCode, ownerCode] = codes; // newest first
    expect((await confirm(owner, ownerCode)).statusCode).toBe(200);

    const late = await confirm(other, otherCode);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "phone_taken" });
    await skipCooldown(other);
    const taken = await start(other, "+39 335 555 0000");
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("Questo numero di telefono è già registrato con un altro account");
    expect(await profileOf(other)).toMatchObject({ phoneNumber: null, phoneVerified: false });
  });

  it("lets only one of two accounts confirming the same number at once have it (unique index)", async () => {
    const [a, b] = [await register(t.app), await register(t.app)];
    const number = "+393398887766";
    await start(a, number);
    const codeA = (await smsCode(number)).code;
    await start(b, number);
    const codeB = (await smsCode(number)).code;
    const answers = await Promise.all([confirm(a, codeA), confirm(b, codeB)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const owners = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM users WHERE phone_number = ${number} AND phone_verified`.execute(t.database.db);
    expect(owners.rows[0]?.n).toBe(1);
  });

  it("answers bad input with a translated 400 and changes nothing", async () => {
    const user = await register(t.app);
    for (const phoneNumber of ["12345", "+39abc", "", 393331234567, "+0123456789", "x".repeat(40)]) {
      const res = await start(user, phoneNumber);
      expect(res.statusCode, String(phoneNumber)).toBe(400);
      expect(res.json().code).toBe("validation_error");
    }
    const english = await start(user, "333", { "x-user-language": "en" });
    expect(english.json().error).toMatch(/^Invalid phone number/);
    for (const otp of ["12345", "abcdef", "1234567", null]) {
      const res = await confirm(user, otp);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Inserisci un codice valido di 6 cifre.");
    }
    const noCode = await confirm(user, "123456");
    expect(noCode.json().code).toBe("otp_invalid");
    const cooldowns = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM send_cooldowns WHERE key = ${`phone-code:${user.userId}`}`.execute(t.database.db);
    expect(cooldowns.rows[0]?.n).toBe(0);
  });

  it("needs a signed-in caller, and a userId in the body must be the caller's", async () => {
    const alice = await register(t.app);
    const bob = await register(t.app);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/client/verify-phone/start",
      payload: { phoneNumber: "+393331234567" },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/client/verify-phone/start",
      payload: { userId: bob.userId, phoneNumber: "+393331234567" },
      headers: bearer(alice.token),
    });
    expect(forged.statusCode).toBe(403);
  });
});
