import { describe, expect, it } from "vitest";
import { OAuth2Server } from "oauth2-mock-server";
import { createTestApp, useTestApp } from "../../../../test/test-app";
import { post } from "../../../../test/auth-helpers";
import { claimsOf, GOOGLE_CLIENT_ID, newGoogleUser, useGoogleMock } from "../../../../test/google-mock";

const google = useGoogleMock();
const t = useTestApp(() => ({ env: google.env }));

describe("POST /api/client/auth/google (ID token from the native plugin)", () => {
  it("signs up with registration and terms, then signs in with a fresh token", async () => {
    const user = newGoogleUser();
    google.signInAs(user);
    const created = await post(t.app, "/api/client/auth/google", {
      idToken: await google.idToken(user),
      registration: true,
      termsAccepted: true,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().user).toMatchObject({
      email: user.email,
      authProvider: "google",
      newsletterSubscribed: false,
    });
    const again = await post(t.app, "/api/client/auth/google", { idToken: await google.idToken(user) });
    expect(again.json().user.id).toBe(created.json().user.id);
  });

  it("answers an unknown account with 404 ACCOUNT_NOT_REGISTERED (notRegistered, email, name)", async () => {
    const user = newGoogleUser({ givenName: "Elena", familyName: "Ferri" });
    google.signInAs(user);
    const res = await post(t.app, "/api/client/auth/google", { idToken: await google.idToken(user) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      code: "ACCOUNT_NOT_REGISTERED",
      type: "notRegistered",
      email: user.email,
      name: "Elena Ferri",
    });
  });

  it("401 for a token meant for another client, a token of another issuer, or garbage", async () => {
    const user = newGoogleUser();
    google.signInAs(user);
    const otherAudience = await post(t.app, "/api/client/auth/google", {
      idToken: await google.idToken(user, "someone-else"),
    });
    expect(otherAudience.statusCode).toBe(401);
    const stranger = new OAuth2Server();
    await stranger.issuer.keys.generate("RS256");
    stranger.issuer.url = google.issuer;
    const foreign = await stranger.issuer.buildToken({
      scopesOrTransform: (_h, p) => Object.assign(p, claimsOf(user), { aud: GOOGLE_CLIENT_ID }),
    });
    expect((await post(t.app, "/api/client/auth/google", { idToken: foreign })).statusCode).toBe(401);
    expect((await post(t.app, "/api/client/auth/google", { idToken: "not.a.jwt" })).statusCode).toBe(401);
    expect((await post(t.app, "/api/client/auth/google", {})).statusCode).toBe(400);
  });
});

describe("Google sign-in when not configured", () => {
  it("says so, translated, with 503 and google_not_configured", async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: "GET", url: "/api/auth/google/status" })).json()).toEqual({
        success: true,
        configured: false,
      });
      const redirect = await plain.app.inject({
        method: "GET",
        url: "/api/auth/google/redirect",
        headers: { "accept-language": "en" },
      });
      expect(redirect.statusCode).toBe(503);
      expect(redirect.json()).toEqual({
        success: false,
        code: "google_not_configured",
        error: "Google sign-in is not configured on this server",
      });
      const native = await post(plain.app, "/api/client/auth/google", { idToken: "x" });
      expect(native.statusCode).toBe(503);
      expect((await post(plain.app, "/api/auth/google/code", { code: "x" })).statusCode).toBe(503);
    } finally {
      await plain.close();
    }
  });
});
