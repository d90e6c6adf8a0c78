import { describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { useTestApp } from "../../../test/test-app";
import { codeIn, latestMail, register, STRONG_PASSWORD } from "../../../test/auth-helpers";

/**
 * Decision 036: past the per-account failure ceiling the right password is not refused: it asks for
 * a code mailed to the account, and the same call with the code signs in. A device holding a
 * session keeps refreshing whatever strangers fail.
 */
const LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: "1000",
  AUTH_RATE_LIMIT_FAILURES_PER_IP: "4",
  AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "2",
  AUTH_RATE_LIMIT_PER_ACCOUNT: "6",
  AUTH_RATE_LIMIT_FAILURE_DELAY_MS: "0",
};

const postFrom = (app: FastifyInstance, ip: string, url: string, payload: object) =>
  app.inject({
    method: "POST",
    url: `/api/client/${url}`,
    payload,
    remoteAddress: ip,
    headers: { "accept-language": "en" },
  });

/** Six wrong passwords from three addresses, two each: the account's ceiling, no address's own. */
async function strangersFail(app: FastifyInstance, email: string, prefix: string) {
  for (let i = 0; i < 6; i += 1) {
    const res = await postFrom(app, `${prefix}.${i % 3}`, "login", { email, password: "Wrong#Pass1" });
    expect(res.statusCode, `stranger ${i + 1}`).toBe(401);
  }
}

describe("sign-in past the account's failure ceiling", () => {
  const t = useTestApp({ env: LIMITS });

  it("asks for a mailed code after the right password, and signs in with it", async () => {
    const diner = await register(t.app);
    const email = diner.user.email;
    await strangersFail(t.app, email, "203.0.113");

    const asked = await postFrom(t.app, "198.51.100.1", "login", { email, password: STRONG_PASSWORD });
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({
      success: false,
      code: "login_code_required",
      error: "For your security we emailed you a 6-digit code: enter it to sign in.",
    });
    const mail = await latestMail(t.app, email, "login-code");
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const refused = await postFrom(t.app, "198.51.100.1", "login", {
      email,
      password: STRONG_PASSWORD,
      code: wrongCode,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: "login_code_invalid" });

    const signedIn = await postFrom(t.app, "198.51.100.1", "login", { email, password: STRONG_PASSWORD, code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ success: true, user: { email } });
    // A code works once.
    const replay = await postFrom(t.app, "198.51.100.9", "login", { email, password: STRONG_PASSWORD, code });
    expect(replay.json()).toMatchObject({ code: "login_code_invalid" });
  });

  it("never asks a wrong password for a code nor mails one: it stays a plain wrong password", async () => {
    const diner = await register(t.app);
    const email = diner.user.email;
    await strangersFail(t.app, email, "203.0.114");
    const wrong = await postFrom(t.app, "198.51.100.2", "login", { email, password: "Wrong#Pass9", code: "123456" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: "invalid_credentials" });
    await expect(latestMail(t.app, email, "login-code")).rejects.toThrow();
  });

  it("refuses a malformed code with a translated 400 and changes nothing", async () => {
    const diner = await register(t.app);
    for (const code of ["12345", "1234567", "abcdef", 123456, null]) {
      const res = await postFrom(t.app, "198.51.100.3", "login", {
        email: diner.user.email,
        password: STRONG_PASSWORD,
        code,
      });
      expect(res.statusCode, String(code)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "validation_error" });
    }
  });

  it("lets a device with a session refresh while its address has failed too often", async () => {
    const diner = await register(t.app);
    // A stranger behind the same address (a shared NAT) spends its failures on made-up tokens.
    for (let i = 0; i < 4; i += 1) {
      const res = await postFrom(t.app, "192.0.2.77", "refresh-token", { refreshToken: `made-up-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const stranger = await postFrom(t.app, "192.0.2.77", "refresh-token", { refreshToken: "made-up-again" });
    expect(stranger.statusCode).toBe(429);
    const device = await postFrom(t.app, "192.0.2.77", "refresh-token", { refreshToken: diner.refreshToken });
    expect(device.statusCode).toBe(200);
    expect(device.json()).toMatchObject({ success: true, refreshToken: expect.any(String) });
  });
});
