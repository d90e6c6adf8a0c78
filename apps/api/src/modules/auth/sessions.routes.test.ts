import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { bearer, login, post, register } from "../../../test/auth-helpers";
import { REFRESH_REUSE_GRACE_SECONDS } from "./sessions.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("refresh-token", () => {
  it("rotates: the new pair works, the old refresh token does not", async () => {
    const account = await register(t.app);
    const res = await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(body.token).toBe(body.accessToken);
    expect(body.refreshToken).not.toBe(account.refreshToken);
    const profile = await t.app.inject({
      method: "GET",
      url: "/api/client/user-profile",
      headers: bearer(body.accessToken),
    });
    expect(profile.statusCode).toBe(200);
  });

  it("forgives a replay within the grace period: both tokens keep working", async () => {
    const account = await register(t.app);
    const first = (await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken })).json();
    // A second tab (or a retry after a lost answer) presents the token that was just rotated.
    const retry = await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken });
    expect(retry.statusCode).toBe(200);
    const second = retry.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    for (const refreshToken of [first.refreshToken, second.refreshToken]) {
      expect((await post(t.app, "/api/client/refresh-token", { refreshToken })).statusCode).toBe(200);
    }
  });

  it("treats a replay after the grace period as theft and ends the whole family", async () => {
    const account = await register(t.app);
    const second = (await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken })).json();
    await sql`UPDATE refresh_tokens SET revoked_at = now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})
      WHERE replaced_by IS NOT NULL AND family_id IN (SELECT id FROM auth_sessions WHERE user_id = ${account.userId})`.execute(
      t.database.db,
    );
    const replay = await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, code: "invalid_refresh_token" });
    // The legitimate successor and every access token of the family are dead too.
    const successor = await post(t.app, "/api/client/refresh-token", { refreshToken: second.refreshToken });
    expect(successor.statusCode).toBe(401);
    const access = await t.app.inject({
      method: "GET",
      url: "/api/client/user-profile",
      headers: bearer(second.accessToken),
    });
    expect(access.statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await login(t.app, account.user.email);
    expect((await post(t.app, "/api/client/refresh-token", { refreshToken: other.refreshToken })).statusCode).toBe(200);
  });

  it("refuses unknown, missing and expired tokens", async () => {
    expect((await post(t.app, "/api/client/refresh-token", { refreshToken: "nope" })).statusCode).toBe(401);
    const missing = await post(t.app, "/api/client/refresh-token", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Nessun refresh token disponibile");
    const account = await register(t.app);
    await sql`UPDATE refresh_tokens SET expires_at = now() - interval '1 second'
      WHERE family_id IN (SELECT id FROM auth_sessions WHERE user_id = ${account.userId})`.execute(t.database.db);
    expect((await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken })).statusCode).toBe(
      401,
    );
  });
});

describe("logout", () => {
  it("revokes the session: its refresh and access tokens stop working", async () => {
    const account = await register(t.app);
    const res = await post(t.app, "/api/client/logout", { refreshToken: account.refreshToken }, bearer(account.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect((await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken })).statusCode).toBe(
      401,
    );
    const access = await t.app.inject({
      method: "GET",
      url: "/api/client/user-profile",
      headers: bearer(account.token),
    });
    expect(access.statusCode).toBe(401);
  });

  it("also works with only the bearer token, with no body, and twice", async () => {
    const account = await register(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/client/logout", headers: bearer(account.token) });
    expect(res.statusCode).toBe(200);
    expect((await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await post(t.app, "/api/client/logout", {}, bearer(account.token))).statusCode).toBe(200);
  });
});
