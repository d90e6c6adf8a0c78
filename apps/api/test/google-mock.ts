import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, expect } from "vitest";
import { post, uniqueEmail } from "./auth-helpers";
import { useFixture } from "./test-app";

/** An OpenID Connect issuer standing in for Google (oauth2-mock-server), and the browser's trip through it. */

export const GOOGLE_CLIENT_ID = "tavolo-test-client";

/** Who the mock issuer says is signing in. */
export interface GoogleUser {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export function newGoogleUser(overrides: Partial<GoogleUser> = {}): GoogleUser {
  return { sub: `google-${randomBytes(6).toString("hex")}`, email: uniqueEmail("google"), ...overrides };
}

export function claimsOf(user: GoogleUser) {
  const givenName = user.givenName ?? "Luca";
  const familyName = user.familyName ?? "Esposito";
  return {
    sub: user.sub,
    email: user.email,
    email_verified: user.emailVerified ?? true,
    given_name: givenName,
    family_name: familyName,
    name: `${givenName} ${familyName}`,
  };
}

export async function startGoogleMock() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  let next: GoogleUser = newGoogleUser();
  // Every token the mock signs (access and ID) describes the user set by `signInAs`.
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, claimsOf(next));
  });
  const issuer = server.issuer.url!;
  return {
    server,
    issuer,
    env: { GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: "test-secret" },
    signInAs(user: GoogleUser) {
      next = user;
    },
    /** An ID token as the native plugin would get it, for `user` and `audience` (and `extra` claims). */
    idToken(user: GoogleUser, audience: string | string[] = GOOGLE_CLIENT_ID, extra: Record<string, unknown> = {}) {
      return server.issuer.buildToken({
        scopesOrTransform: (_header, payload) => Object.assign(payload, claimsOf(user), { aud: audience }, extra),
      });
    },
    stop: () => server.stop(),
  };
}
export type GoogleMock = Awaited<ReturnType<typeof startGoogleMock>>;

/**
 * The suite's mock issuer: started in beforeAll, stopped in afterAll (after an app registered below
 * it, e.g. `useTestApp(() => ({ env: google.env }))`, has closed).
 */
export function useGoogleMock(): GoogleMock {
  const google = useFixture(startGoogleMock);
  afterAll(() => google.stop());
  return google;
}

/**
 * The browser's trip: our redirect → the issuer's authorize endpoint (the mock approves at once) →
 * our callback with the state cookie → the web page we send it to (`landing`).
 */
export async function signInWithGoogle(
  app: FastifyInstance,
  mock: GoogleMock,
  query = "",
  options: { dropCookie?: boolean; editCallback?: (url: URL) => void } = {},
) {
  const start = await app.inject({ method: "GET", url: `/api/auth/google/redirect${query}` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  if (!authorize.href.startsWith(mock.issuer)) return { start, landing: authorize };
  const cookie = String(start.headers["set-cookie"]).split(";")[0]!;
  const approved = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(approved.headers.get("location")!);
  options.editCallback?.(callback);
  const back = await app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    headers: options.dropCookie ? {} : { cookie },
  });
  expect(back.statusCode).toBe(302);
  return { start, landing: new URL(back.headers.location as string) };
}

/** What the web's /auth/google/callback page does with the one-time code. */
export function exchangeGoogleCode(app: FastifyInstance, landing: URL) {
  expect(landing.pathname).toBe("/auth/google/callback");
  return post(app, "/api/auth/google/code", { code: landing.searchParams.get("code") });
}
