import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as client from "openid-client";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { post } from "../../../../test/auth-helpers";
import { GOOGLE_CLIENT_ID, newGoogleUser, startGoogleMock } from "../../../../test/google-mock";
import { createTestApp, useFixture, useTestApp, type TestApp } from "../../../../test/test-app";
import { providerOutageCause } from "./provider-outage";

/** An address where nothing listens: the port was free a moment ago. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A provider that is up but failing: every request gets 503. */
const failing = useFixture(async () => {
  const server = createServer((_request, response) => response.writeHead(503).end("maintenance"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
afterAll(() => failing.server.close());
const down = useFixture(async () => ({ issuer: await closedAddress() }));
const t = useTestApp(() => ({
  env: { GOOGLE_ISSUER: down.issuer, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: "test-secret" },
}));
afterEach(() => vi.restoreAllMocks());

const warningsOf = (app: TestApp) => {
  const warn = vi.spyOn(app.app.log, "warn");
  return () => warn.mock.calls.map(([fields]) => fields as { reason?: string; cause?: string });
};

describe("provider unreachable during the web flow", () => {
  it("sends the browser to the sign-in failure page, translated, and logs the cause", async () => {
    const warnings = warningsOf(t);
    for (const [language, text] of [
      ["it", "Google non risponde in questo momento. Riprova tra qualche minuto."],
      ["en", "Google is not responding right now. Please try again in a few minutes."],
    ] as const) {
      const start = await t.app.inject({
        method: "GET",
        url: "/api/auth/google/redirect",
        headers: { "accept-language": language },
      });
      expect(start.statusCode).toBe(302);
      const landing = new URL(start.headers.location as string);
      expect(`${landing.origin}${landing.pathname}`).toBe(`${t.config.appOrigin}/auth/google/callback`);
      expect(Object.fromEntries(landing.searchParams)).toEqual({ message: text });
      expect(start.headers["set-cookie"]).toBeUndefined();
    }
    expect(warnings()[0]).toMatchObject({
      reason: "provider_unreachable",
      cause: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it("says the same when the provider goes down between the redirect and the callback", async () => {
    const mock = await startGoogleMock();
    const app = await createTestApp({ env: mock.env });
    try {
      mock.signInAs(newGoogleUser());
      // The language of the whole trip is the one the sign-in started in.
      const start = await app.app.inject({
        method: "GET",
        url: "/api/auth/google/redirect",
        headers: { "accept-language": "en" },
      });
      const approved = await fetch(start.headers.location as string, { redirect: "manual" });
      const callback = new URL(approved.headers.get("location")!);
      await mock.stop();
      const warnings = warningsOf(app);
      const back = await app.app.inject({
        method: "GET",
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: String(start.headers["set-cookie"]).split(";")[0]! },
      });
      expect(new URL(back.headers.location as string).searchParams.get("message")).toBe(
        "Google is not responding right now. Please try again in a few minutes.",
      );
      expect(warnings()).toContainEqual(expect.objectContaining({ reason: "provider_unreachable" }));
    } finally {
      await app.close();
    }
  });
});

describe("provider unreachable during native ID-token sign-in", () => {
  it("answers 503 with Retry-After, not 401", async () => {
    const user = newGoogleUser();
    const mock = await startGoogleMock();
    const idToken = await mock.idToken(user);
    await mock.stop();
    const warnings = warningsOf(t);
    const res = await post(t.app, "/api/client/auth/google", { idToken }, { "accept-language": "en" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("30");
    expect(res.json()).toEqual({
      success: false,
      code: "google_unavailable",
      error: "Google is not responding right now. Please try again in a few minutes.",
      retryAfter: 30,
    });
    expect(warnings()).toContainEqual(expect.objectContaining({ reason: "provider_unreachable" }));
  });
});

describe("what counts as the provider being out of reach", () => {
  const discover = (issuer: string) =>
    client.discovery(new URL(issuer), "c", "s", undefined, { execute: [client.allowInsecureRequests] });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it("a refused connection and a 5xx answer are; an OAuth refusal is not", async () => {
    expect(providerOutageCause(await failureOf(discover(down.issuer)))).toMatch(/^connection failed \(ECONNREFUSED\)$/);
    expect(providerOutageCause(await failureOf(discover(failing.url)))).toBe("answered HTTP 503");
    const refusal = new client.ResponseBodyError("server responded with an error in the response body", {
      cause: { error: "invalid_grant" },
      response: new Response(JSON.stringify({ error: "invalid_grant" }), { status: 400 }),
    });
    expect(providerOutageCause(refusal)).toBeUndefined();
    const busy = new client.ResponseBodyError("server responded with an error in the response body", {
      cause: { error: "temporarily_unavailable" },
      response: new Response(JSON.stringify({ error: "temporarily_unavailable" }), { status: 503 }),
    });
    expect(providerOutageCause(busy)).toBe("answered HTTP 503");
    expect(providerOutageCause(new DOMException("The operation timed out.", "TimeoutError"))).toBe("timed out");
    const keys = createRemoteJWKSet(new URL(`${failing.url}/jwks`));
    const unsigned = "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.eyJzdWIiOiJ4In0.c2ln";
    expect(providerOutageCause(await failureOf(jwtVerify(unsigned, keys)))).toBe(
      "did not serve its signing keys (JWKS)",
    );
    expect(providerOutageCause(new Error('unexpected ID Token "azp" (authorized party) claim value'))).toBeUndefined();
  });
});
