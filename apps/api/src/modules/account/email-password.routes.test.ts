import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import {
  bearer,
  latestMail,
  linkIn,
  login,
  post,
  register,
  STRONG_PASSWORD,
  uniqueEmail,
} from "../../../test/auth-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof register>>;
const requestChange = (user: User, newEmail: unknown, token = user.token) =>
  post(t.app, "/api/client/request-email-change", { newEmail }, bearer(token));
const changePassword = (user: User, body: Record<string, unknown>, token = user.token) =>
  post(t.app, "/api/client/change-password", body, bearer(token));
const profile = async (token: string) =>
  (await t.app.inject({ method: "GET", url: "/api/client/user-profile", headers: bearer(token) })).json().user as {
    email: string;
    emailVerified: boolean;
  };
/** Follows the e-mail link as the browser does: /email-redirect hands the token to the backend. */
async function followLink(link: URL) {
  const url = `/api/client/verify-email-and-login?${new URLSearchParams({
    token: link.searchParams.get("token") ?? "",
    email: link.searchParams.get("email") ?? "",
  })}`;
  return t.app.inject({ method: "GET", url });
}
const makeGoogleAccount = (user: User) =>
  sql`UPDATE users SET auth_provider = 'google', password_hash = NULL WHERE id = ${user.userId}`.execute(t.database.db);

describe("e-mail change", () => {
  it("sends a link to the new address; following it changes the address, verifies it and signs in", async () => {
    const user = await register(t.app, { language: "en" });
    const newEmail = uniqueEmail("Moved");
    const res = await requestChange(user, newEmail);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(newEmail);
    // Nothing changes before the link is followed.
    expect((await profile(user.token)).email).toBe(user.user.email);

    const mail = await latestMail(t.app, newEmail, "email-change");
    expect(mail.language).toBe("en");
    const link = linkIn(mail, `${t.config.appOrigin}/email-redirect`);
    const followed = await followLink(link);
    expect(followed.statusCode).toBe(302);
    const landing = new URL(followed.headers.location as string);
    expect(landing.pathname).toBe("/verify-result/success");
    expect(landing.searchParams.get("email")).toBe(newEmail);
    // The landing page says the address changed, not merely "verified".
    expect(landing.searchParams.get("change")).toBe("1");
    const loginToken = landing.searchParams.get("loginToken") ?? "";
    const signedIn = await post(t.app, "/api/client/login-with-token", { email: newEmail, token: loginToken });
    expect(signedIn.statusCode).toBe(200);

    expect(await profile(user.token)).toMatchObject({ email: newEmail, emailVerified: true });
    await login(t.app, newEmail); // the password now goes with the new address
    const old = await post(t.app, "/api/client/login", { email: user.user.email, password: STRONG_PASSWORD });
    expect(old.statusCode).toBe(401);
    // The old address is told.
    expect((await latestMail(t.app, user.user.email, "email-changed")).text).toContain(newEmail);
    // The link works once.
    const again = await followLink(link);
    expect(new URL(again.headers.location as string).pathname).toBe("/verify-result/error");
  });

  it("refuses an address another account uses, the same address, and bad input, changing nothing", async () => {
    const user = await register(t.app);
    const other = await register(t.app);
    const taken = await requestChange(user, other.user.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "email_taken", error: "Questo indirizzo email è già in uso" });
    expect((await requestChange(user, user.user.email)).json().code).toBe("email_unchanged");
    for (const newEmail of ["", "   ", "not-an-email", "a@b", null, 42]) {
      const res = await requestChange(user, newEmail);
      expect(res.statusCode, String(newEmail)).toBe(400);
      expect(res.json().error).toBe("Inserisci un indirizzo email valido");
    }
    const tokens = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM action_tokens WHERE user_id = ${user.userId} AND purpose = 'email_change'`.execute(
      t.database.db,
    );
    expect(tokens.rows[0]?.n).toBe(0);
  });

  it("keeps 60 s between requests, and only the newest link works", async () => {
    const user = await register(t.app);
    const first = uniqueEmail("first");
    expect((await requestChange(user, first)).statusCode).toBe(200);
    const early = await requestChange(user, uniqueEmail("second"));
    expect(early.statusCode).toBe(429);
    expect(early.json().retryAfter).toBeGreaterThan(50);

    await sql`DELETE FROM send_cooldowns WHERE key = ${`email-change:${user.userId}`}`.execute(t.database.db);
    const second = uniqueEmail("second");
    expect((await requestChange(user, second)).statusCode).toBe(200);
    const stale = await followLink(linkIn(await latestMail(t.app, first, "email-change"), t.config.appOrigin));
    expect(new URL(stale.headers.location as string).pathname).toBe("/verify-result/error");
    expect((await profile(user.token)).email).toBe(user.user.email);
  });

  it("refuses the link when someone registered the address meanwhile", async () => {
    const user = await register(t.app);
    const wanted = uniqueEmail("wanted");
    await requestChange(user, wanted);
    await register(t.app, { email: wanted });
    const res = await followLink(linkIn(await latestMail(t.app, wanted, "email-change"), t.config.appOrigin));
    const landing = new URL(res.headers.location as string);
    expect(landing.pathname).toBe("/verify-result/error");
    expect(landing.searchParams.get("message")).toBe("Questo indirizzo email è già in uso");
    expect((await profile(user.token)).email).toBe(user.user.email);
  });

  it("is refused to Google accounts and to signed-out callers", async () => {
    const user = await register(t.app);
    await makeGoogleAccount(user);
    const res = await requestChange(user, uniqueEmail());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("email_change_not_allowed");
    const anonymous = await post(t.app, "/api/client/request-email-change", { newEmail: uniqueEmail() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe("Devi accedere per continuare");
  });
});

describe("password change", () => {
  const NEW_PASSWORD = "Nuova#Password9";

  it("checks the current password, sets the new one and ends every other session", async () => {
    const user = await register(t.app);
    const otherDevice = await login(t.app, user.user.email);
    const res = await changePassword(user, { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Password aggiornata: le altre sessioni sono state chiuse");

    // This session goes on; the other device is out, refresh token included.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/client/user-profile", headers: bearer(user.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/client/user-profile", headers: bearer(otherDevice.token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(t.app, "/api/client/refresh-token", { refreshToken: otherDevice.refreshToken })).statusCode,
    ).toBe(401);
    expect((await post(t.app, "/api/client/refresh-token", { refreshToken: user.refreshToken })).statusCode).toBe(200);

    await login(t.app, user.user.email, NEW_PASSWORD);
    expect(
      (await post(t.app, "/api/client/login", { email: user.user.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(401);
    expect((await latestMail(t.app, user.user.email, "password-changed")).subject).toContain("password");
  });

  it("refuses a wrong current password with a 400 (not a 401) and keeps the old one", async () => {
    const user = await register(t.app);
    const res = await changePassword(user, { currentPassword: "Wrong#Pass1", newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "current_password_wrong", error: "La password attuale non è corretta" });
    await login(t.app, user.user.email);
  });

  it("refuses new passwords that break the rules, and bad input, changing nothing", async () => {
    const user = await register(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ currentPassword: STRONG_PASSWORD, newPassword: "Ab#1xyz" }, "La nuova password deve avere almeno 8 caratteri"],
      [
        { currentPassword: STRONG_PASSWORD, newPassword: "abcdefgh1#" },
        "La password non soddisfa tutti i criteri richiesti",
      ],
      [
        { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD },
        "La nuova password deve essere diversa da quella attuale",
      ],
      [{ currentPassword: "", newPassword: NEW_PASSWORD }, "Inserisci la password attuale"],
      [{ newPassword: NEW_PASSWORD }, "Inserisci la password attuale"],
      [
        { currentPassword: STRONG_PASSWORD, newPassword: `A#1${"a".repeat(200)}` },
        "La password è troppo lunga (massimo 128 caratteri)",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await changePassword(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    await login(t.app, user.user.email);
  });

  it("is refused to Google accounts", async () => {
    const user = await register(t.app);
    await makeGoogleAccount(user);
    const res = await changePassword(user, { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("password_change_not_allowed");
  });
});

describe("notification settings", () => {
  const get = (user: User) =>
    t.app.inject({ method: "GET", url: "/api/client/notification-settings", headers: bearer(user.token) });
  const put = (user: User, payload: unknown) =>
    t.app.inject({
      method: "PUT",
      url: "/api/client/notification-settings",
      payload: payload as object,
      headers: bearer(user.token),
    });

  // A client that sends no push switches leaves them on (decision 045).
  const pushOn = { pushHolds: true, pushReminders: true, pushBookings: true, pushAlerts: true };

  it("starts from the defaults, saves per user and survives a new sign-in", async () => {
    const alice = await register(t.app);
    const bob = await register(t.app);
    expect((await get(alice)).json().settings).toEqual({
      enabled: true,
      favoriteRestaurants: false,
      weekendsOnly: false,
      ...pushOn,
    });
    const saved = await put(alice, { enabled: true, favoriteRestaurants: true, weekendsOnly: true, language: "it" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual({ enabled: true, favoriteRestaurants: true, weekendsOnly: true, ...pushOn });
    const again = await login(t.app, alice.user.email);
    expect((await get({ ...alice, token: again.token })).json().settings).toEqual({
      enabled: true,
      favoriteRestaurants: true,
      weekendsOnly: true,
      ...pushOn,
    });
    expect((await get(bob)).json().settings.weekendsOnly).toBe(false);
    await put(alice, { enabled: false, favoriteRestaurants: true, weekendsOnly: true });
    expect((await get(alice)).json().settings.enabled).toBe(false);
  });

  it("refuses incomplete or mistyped settings and keeps the saved ones", async () => {
    const user = await register(t.app);
    await put(user, { enabled: false, favoriteRestaurants: true, weekendsOnly: false });
    for (const payload of [{ enabled: "yes", favoriteRestaurants: true, weekendsOnly: false }, { enabled: true }, []]) {
      const res = await put(user, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await get(user)).json().settings).toEqual({
      enabled: false,
      favoriteRestaurants: true,
      weekendsOnly: false,
      ...pushOn,
    });
    const anonymous = await t.app.inject({ method: "GET", url: "/api/client/notification-settings" });
    expect(anonymous.statusCode).toBe(401);
  });
});
