import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { bearer, register } from "../../../test/auth-helpers";

let t: TestApp;
let account: Awaited<ReturnType<typeof register>>;
let other: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  t = await createTestApp();
  account = await register(t.app);
  other = await register(t.app);
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/client/user-profile", headers: { "accept-language": "en", ...headers } });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

/** A token signed with our real secret but with the given header and claims. */
function forge(
  options: { typ?: string; iss?: string; aud?: string; exp?: number; secret?: string; sid?: string } = {},
) {
  const claims = decode(account.token);
  return new SignJWT({ sid: options.sid ?? claims.sid })
    .setProtectedHeader({ alg: "HS256", typ: options.typ ?? "at+jwt" })
    .setSubject(account.userId)
    .setIssuer(options.iss ?? t.config.appOrigin)
    .setAudience(options.aud ?? "tavolo-api")
    .setIssuedAt()
    .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(new TextEncoder().encode(options.secret ?? t.config.jwtSecret));
}

describe("access tokens", () => {
  it("carry an explicit type, issuer, audience and a 15-minute lifetime", () => {
    const header = JSON.parse(Buffer.from(account.token.split(".")[0]!, "base64url").toString());
    expect(header).toEqual({ alg: "HS256", typ: "at+jwt" });
    const claims = decode(account.token);
    expect(claims).toMatchObject({ sub: account.userId, iss: t.config.appOrigin, aud: "tavolo-api" });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
  });

  it("open the caller's data when genuine, and a forged token of the same shape works too (control)", async () => {
    expect((await me(bearer(account.token))).statusCode).toBe(200);
    expect((await me(bearer(await forge()))).statusCode).toBe(200);
  });

  it("401 without a token, with a translated message", async () => {
    const res = await me({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: "unauthorized", error: "You need to sign in to continue" });
    expect(res.headers["www-authenticate"]).toBe("Bearer");
    expect((await me({ authorization: "Basic abc" })).statusCode).toBe(401);
  });

  it("401 for a tampered payload (someone else's id under our signature)", async () => {
    const [header, , signature] = account.token.split(".");
    const tampered = `${header}.${b64({ ...decode(account.token), sub: other.userId })}.${signature}`;
    const res = await me(bearer(tampered));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "invalid_token", error: "Invalid authentication token" });
  });

  it("401 for an expired token, saying the session expired", async () => {
    const res = await me(bearer(await forge({ exp: Math.floor(Date.now() / 1000) - 60 })));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "token_expired", error: "Session expired: please sign in again" });
  });

  it("401 for alg:none", async () => {
    const unsigned = `${b64({ alg: "none", typ: "at+jwt" })}.${b64(decode(account.token))}.`;
    expect((await me(bearer(unsigned))).statusCode).toBe(401);
    const noDot = `${b64({ alg: "none", typ: "at+jwt" })}.${b64(decode(account.token))}`;
    expect((await me(bearer(noDot))).statusCode).toBe(401);
  });

  it("401 for a refresh token used as an access token", async () => {
    const res = await me(bearer(account.refreshToken));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("invalid_token");
  });

  it("401 for the wrong type, issuer, audience or key", async () => {
    for (const options of [
      { typ: "JWT" },
      { iss: "https://evil.example" },
      { aud: "someone-else" },
      { secret: "x".repeat(48) },
    ]) {
      expect((await me(bearer(await forge(options)))).statusCode, JSON.stringify(options)).toBe(401);
    }
  });

  it("401 for a genuine token whose session does not exist", async () => {
    expect((await me(bearer(await forge({ sid: "00000000-0000-4000-8000-000000000000" })))).statusCode).toBe(401);
  });
});
