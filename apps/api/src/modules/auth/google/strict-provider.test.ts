import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../../test/auth-helpers";
import { exchangeGoogleCode } from "../../../../test/google-mock";
import {
  startStrictOidcProvider,
  strictSubjectOf,
  type StrictProviderUser,
} from "../../../../test/strict-oidc-provider";
import { useFixture, useTestApp } from "../../../../test/test-app";

const APP_ORIGIN = "http://tavolo.test";
const provider = useFixture(() =>
  startStrictOidcProvider({
    clientId: "tavolo-strict",
    clientSecret: "strict-secret-0123456789",
    redirectUri: `${APP_ORIGIN}/api/auth/google/callback`,
  }),
);
afterAll(() => provider.stop());
const t = useTestApp(() => ({ env: { ...provider.env, APP_ORIGIN } }));

/** A browser's cookie store, enough for the provider's interaction and resume cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return async (url: URL, init: RequestInit = {}) => {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const res = await fetch(url, { ...init, redirect: "manual", headers: { ...init.headers, cookie } });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return res;
  };
}

/**
 * The browser's trip: our redirect → the provider's authorize endpoint → its sign-in page, filled
 * in as `user` → back to our callback with the state cookie → the web page we send it to.
 */
async function signInThroughStrictProvider(app: FastifyInstance, user: StrictProviderUser, query = "") {
  const start = await app.inject({ method: "GET", url: `/api/auth/google/redirect${query}` });
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(provider.issuer);
  const stateCookie = String(start.headers["set-cookie"]).split(";")[0]!;
  const browse = cookieJar();
  const signInPage = new URL((await browse(authorize)).headers.get("location")!, authorize);
  const form = new URLSearchParams({
    email: user.email,
    given_name: user.givenName,
    family_name: user.familyName,
    email_verified: String(user.emailVerified ?? true),
  });
  const signedIn = await browse(signInPage, {
    method: "POST",
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const resumed = await browse(new URL(signedIn.headers.get("location")!, authorize));
  const callback = new URL(resumed.headers.get("location")!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${APP_ORIGIN}/api/auth/google/callback`);
  const back = await app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: stateCookie },
  });
  return { authorize, landing: new URL(back.headers.location as string) };
}

describe("sign-in with a standards-strict OpenID provider (oidc-provider, default claim rules)", () => {
  it("sends no prompt it does not list, reads e-mail and name from UserInfo, and signs up then in", async () => {
    const discovery = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as {
      prompt_values_supported?: string[];
    };
    expect(discovery.prompt_values_supported ?? []).not.toContain("select_account");
    const user = { email: uniqueEmail("strict"), givenName: "Giulia", familyName: "Marino" };

    const signUp = await signInThroughStrictProvider(t.app, user, "?registration=true&terms_accepted=true");
    expect(signUp.authorize.searchParams.has("prompt")).toBe(false);
    const session = await exchangeGoogleCode(t.app, signUp.landing);
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({
      email: user.email,
      firstName: "Giulia",
      lastName: "Marino",
      displayName: "Giulia Marino",
      emailVerified: true,
      authProvider: "google",
    });
    const stored = await t.database.db
      .selectFrom("users")
      .select(["google_issuer", "google_sub"])
      .where("email", "=", user.email)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ google_issuer: provider.issuer, google_sub: strictSubjectOf(user.email) });

    const again = await exchangeGoogleCode(t.app, (await signInThroughStrictProvider(t.app, user)).landing);
    expect(again.json().user.id).toBe(session.json().user.id);
  });

  it("refuses an address the provider's UserInfo says is not verified", async () => {
    const user = { email: uniqueEmail("strict"), givenName: "Paolo", familyName: "Greco", emailVerified: false };
    const { landing } = await signInThroughStrictProvider(t.app, user, "?registration=true&terms_accepted=true");
    expect(landing.pathname).toBe("/auth/google/callback");
    expect(landing.searchParams.get("message")).toBe("L'email del tuo account Google non è verificata");
  });
});
