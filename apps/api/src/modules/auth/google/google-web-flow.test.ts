import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestApp } from "../../../../test/test-app";
import { bearer, latestMail, post, register, STRONG_PASSWORD } from "../../../../test/auth-helpers";
import {
  exchangeGoogleCode,
  GOOGLE_CLIENT_ID,
  newGoogleUser,
  signInWithGoogle,
  useGoogleMock,
  type GoogleUser,
} from "../../../../test/google-mock";

const google = useGoogleMock();
const t = useTestApp(() => ({ env: google.env }));
let next: GoogleUser;

describe("Google sign-in (OpenID Connect code flow against a mock issuer)", () => {
  it("reports that it is configured", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/google/status" });
    expect(res.json()).toEqual({ success: true, configured: true });
  });

  it("sends the browser to the issuer with PKCE, state and nonce, and a state cookie", async () => {
    next = newGoogleUser();
    google.signInAs(next);
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google/redirect" });
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get("client_id")).toBe(GOOGLE_CLIENT_ID);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${t.config.appOrigin}/api/auth/google/callback`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toBeTruthy();
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("scope")).toBe("openid email profile");
    const cookie = String(start.headers["set-cookie"]);
    expect(cookie).toContain(`tavolo_google_state=${authorize.searchParams.get("state")}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("signs up a new account (registration, terms, marketing), then signs the same Google user in", async () => {
    next = newGoogleUser({ givenName: "Sofia", familyName: "Russo" });
    google.signInAs(next);
    const { landing } = await signInWithGoogle(t.app, google, "?registration=true&terms_accepted=true&marketing=true");
    const tokenUrlLeak = landing.searchParams.has("token");
    expect(tokenUrlLeak).toBe(false);
    const res = await exchangeGoogleCode(t.app, landing);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      success: true,
      token: expect.any(String),
      refreshToken: expect.any(String),
      user: {
        email: next.email,
        firstName: "Sofia",
        lastName: "Russo",
        displayName: "Sofia Russo",
        emailVerified: true,
        authProvider: "google",
        termsAccepted: true,
        newsletterSubscribed: true,
      },
    });
    expect((await latestMail(t.app, next.email)).template).toBe("welcome");
    const profile = await t.app.inject({
      method: "GET",
      url: "/api/client/user-profile",
      headers: bearer(session.token),
    });
    expect(profile.json().user.id).toBe(session.user.id);

    const again = await exchangeGoogleCode(t.app, (await signInWithGoogle(t.app, google)).landing);
    expect(again.json().user.id).toBe(session.user.id);
  });

  it("sends an unknown Google user back to /register with what the form needs", async () => {
    next = newGoogleUser({ givenName: "Marco", familyName: "Conti" });
    google.signInAs(next);
    const { landing } = await signInWithGoogle(t.app, google, "", {});
    expect(`${landing.origin}${landing.pathname}`).toBe(`${t.config.appOrigin}/register`);
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      error: "Nessun account Tavolo è collegato a questo account Google: completa la registrazione",
      type: "notRegistered",
      code: "ACCOUNT_NOT_REGISTERED",
      email: next.email,
      name: "Marco Conti",
      showError: "true",
    });
    const created = await t.database.db.selectFrom("users").select("id").where("email", "=", next.email).execute();
    expect(created).toEqual([]);
  });

  it("refuses to sign up without accepted terms", async () => {
    const { start } = await signInWithGoogle(t.app, google, "?registration=true&marketing=true");
    const landing = new URL(start.headers.location as string);
    expect(landing.pathname).toBe("/register");
    expect(landing.searchParams.get("type")).toBe("termsRequired");
    expect(landing.searchParams.get("error")).toBe("È necessario accettare i termini e le condizioni");
  });

  it("links a verified password account by its Google-verified address; the password keeps working", async () => {
    const account = await register(t.app);
    await sql`UPDATE users SET email_verified = true WHERE id = ${account.userId}`.execute(t.database.db);
    next = newGoogleUser({ email: account.user.email.toUpperCase() });
    google.signInAs(next);
    const res = await exchangeGoogleCode(t.app, (await signInWithGoogle(t.app, google)).landing);
    expect(res.json().user).toMatchObject({ id: account.userId, authProvider: "password" });
    expect(
      (await post(t.app, "/api/client/login", { email: account.user.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken })).statusCode).toBe(
      200,
    );
  });

  it("takes over an unverified account of the same address: its password and sessions end", async () => {
    const squatter = await register(t.app);
    next = newGoogleUser({ email: squatter.user.email });
    google.signInAs(next);
    const res = await exchangeGoogleCode(t.app, (await signInWithGoogle(t.app, google)).landing);
    expect(res.json().user).toMatchObject({ id: squatter.userId, authProvider: "google", emailVerified: true });
    expect(
      (await post(t.app, "/api/client/login", { email: squatter.user.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(401);
    expect((await post(t.app, "/api/client/refresh-token", { refreshToken: squatter.refreshToken })).statusCode).toBe(
      401,
    );
  });

  it("refuses an address Google has not verified", async () => {
    next = newGoogleUser({ emailVerified: false });
    google.signInAs(next);
    const { landing } = await signInWithGoogle(t.app, google, "?registration=true&terms_accepted=true");
    expect(landing.pathname).toBe("/auth/google/callback");
    expect(landing.searchParams.get("message")).toBe("L'email del tuo account Google non è verificata");
  });

  it("refuses a callback from another browser (no state cookie) or with a forged state", async () => {
    next = newGoogleUser();
    google.signInAs(next);
    const noCookie = await signInWithGoogle(t.app, google, "", { dropCookie: true });
    expect(noCookie.landing.searchParams.get("message")).toBe("Accesso con Google non riuscito. Riprova.");
    expect(noCookie.landing.searchParams.has("code")).toBe(false);
    const forged = await signInWithGoogle(t.app, google, "", {
      editCallback: (url) => url.searchParams.set("state", "forged"),
    });
    expect(forged.landing.searchParams.has("message")).toBe(true);
  });

  it("reports a refusal at the issuer as a message", async () => {
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google/redirect" });
    const state = new URL(start.headers.location as string).searchParams.get("state")!;
    const cookie = String(start.headers["set-cookie"]).split(";")[0]!;
    const back = await t.app.inject({
      method: "GET",
      url: `/api/auth/google/callback?error=access_denied&state=${state}`,
      headers: { cookie, "accept-language": "en" },
    });
    expect(new URL(back.headers.location as string).searchParams.get("message")).toBe(
      "Google sign-in failed. Please try again.",
    );
  });

  it("lets the one-time code work once, and not after 60 seconds", async () => {
    next = newGoogleUser();
    google.signInAs(next);
    const first = await signInWithGoogle(t.app, google, "?registration=true&terms_accepted=true");
    expect((await exchangeGoogleCode(t.app, first.landing)).statusCode).toBe(200);
    const reused = await exchangeGoogleCode(t.app, first.landing);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: "google_code_invalid" });

    const second = await signInWithGoogle(t.app, google);
    await sql`UPDATE action_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'google_exchange'`.execute(
      t.database.db,
    );
    expect((await exchangeGoogleCode(t.app, second.landing)).statusCode).toBe(400);
    expect((await post(t.app, "/api/auth/google/code", {})).json().error).toBe("Dati di autenticazione incompleti");
  });
});
