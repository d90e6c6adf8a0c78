import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { MutableToken } from "oauth2-mock-server";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { post } from "../../../../test/auth-helpers";
import {
  claimsOf,
  exchangeGoogleCode,
  GOOGLE_CLIENT_ID,
  newGoogleUser,
  signInWithGoogle,
  startGoogleMock,
  useGoogleMock,
} from "../../../../test/google-mock";
import { useFixture, useTestApp } from "../../../../test/test-app";

const google = useGoogleMock();
const t = useTestApp(() => ({ env: google.env }));
afterEach(() => vi.restoreAllMocks());

/** The `reason` of every warning the app logs from now on (decision 018). */
function watchWarnings() {
  const warn = vi.spyOn(t.app.log, "warn");
  return () => warn.mock.calls.map(([fields]) => (fields as { reason?: string; cause?: string } | undefined) ?? {});
}

/** Changes every token the mock signs while `run` runs (the ID token of the code flow included). */
async function withTokens<T>(edit: (payload: MutableToken["payload"]) => void, run: () => Promise<T>): Promise<T> {
  const listener = (token: MutableToken) => edit(token.payload);
  google.server.service.on("beforeTokenSigning", listener);
  try {
    return await run();
  } finally {
    google.server.service.off("beforeTokenSigning", listener);
  }
}

describe("prompt=select_account only for a provider that lists it", () => {
  it("is left out when discovery has no prompt_values_supported", async () => {
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google/redirect" });
    expect(new URL(start.headers.location as string).searchParams.has("prompt")).toBe(false);
  });

  describe("with a provider whose discovery lists select_account", () => {
    // The mock behind a front that adds the value to its discovery document.
    let front: Server;
    const listing = useFixture(async () => {
      const mock = await startGoogleMock();
      front = createServer((request, response) => {
        if (request.url !== "/.well-known/openid-configuration")
          return mock.server.service.requestHandler(request, response);
        void fetch(`${mock.issuer}${request.url}`)
          .then((answer) => answer.json() as Promise<Record<string, unknown>>)
          .then((document) => {
            const issuer = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
            const rebased = JSON.parse(JSON.stringify(document).replaceAll(mock.issuer, issuer)) as object;
            response.setHeader("content-type", "application/json");
            response.end(JSON.stringify({ ...rebased, prompt_values_supported: ["none", "login", "select_account"] }));
          });
      });
      await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
      mock.server.issuer.url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
      return { mock, env: { ...mock.env, GOOGLE_ISSUER: mock.server.issuer.url } };
    });
    const app = useTestApp(() => ({ env: listing.env }));
    afterAll(async () => {
      front.close();
      await listing.mock.stop();
    });

    it("sends it", async () => {
      const start = await app.app.inject({ method: "GET", url: "/api/auth/google/redirect" });
      expect(new URL(start.headers.location as string).searchParams.get("prompt")).toBe("select_account");
    });
  });
});

describe("claims the ID token lacks come from UserInfo (OIDC Core §5.4)", () => {
  it("signs up with the e-mail and name UserInfo gives", async () => {
    const user = newGoogleUser({ givenName: "Chiara", familyName: "Lombardi" });
    google.signInAs(user);
    const fromUserInfo = (response: { body: unknown }) => (response.body = claimsOf(user));
    google.server.service.on("beforeUserinfo", fromUserInfo);
    try {
      const { landing } = await withTokens(
        (payload) => {
          for (const claim of ["email", "email_verified", "name", "given_name", "family_name"]) delete payload[claim];
        },
        () => signInWithGoogle(t.app, google, "?registration=true&terms_accepted=true"),
      );
      const session = await exchangeGoogleCode(t.app, landing);
      expect(session.json().user).toMatchObject({ email: user.email, firstName: "Chiara", lastName: "Lombardi" });
    } finally {
      google.server.service.off("beforeUserinfo", fromUserInfo);
    }
  });
});

describe("an ID token for several audiences needs azp = our client id", () => {
  it("web flow: refused without azp, signed in with it", async () => {
    const user = newGoogleUser();
    google.signInAs(user);
    const warnings = watchWarnings();
    const withoutAzp = await withTokens(
      (payload) => (payload.aud = [GOOGLE_CLIENT_ID, "another-client"]),
      () => signInWithGoogle(t.app, google, "?registration=true&terms_accepted=true"),
    );
    expect(withoutAzp.landing.searchParams.get("message")).toBe("Accesso con Google non riuscito. Riprova.");
    expect(warnings()).toContainEqual(expect.objectContaining({ reason: "token_exchange_failed" }));
    const withAzp = await withTokens(
      (payload) => Object.assign(payload, { aud: [GOOGLE_CLIENT_ID, "another-client"], azp: GOOGLE_CLIENT_ID }),
      () => signInWithGoogle(t.app, google, "?registration=true&terms_accepted=true"),
    );
    expect((await exchangeGoogleCode(t.app, withAzp.landing)).statusCode).toBe(200);
  });

  it("native ID token: 401 without azp or with another party's, 200 with ours", async () => {
    const user = newGoogleUser();
    const audiences = [GOOGLE_CLIENT_ID, "another-client"];
    const signIn = async (extra: Record<string, unknown>) =>
      post(t.app, "/api/client/auth/google", {
        idToken: await google.idToken(user, audiences, extra),
        registration: true,
        termsAccepted: true,
      });
    expect((await signIn({})).statusCode).toBe(401);
    expect((await signIn({ azp: "another-client" })).statusCode).toBe(401);
    expect((await signIn({ azp: GOOGLE_CLIENT_ID })).statusCode).toBe(200);
    // One audience: azp may name the app's own client (Android, iOS), as Google's tokens do.
    expect(
      (
        await post(t.app, "/api/client/auth/google", {
          idToken: await google.idToken(user, GOOGLE_CLIENT_ID, { azp: "android-client" }),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("every refused callback is logged with its cause", () => {
  async function started() {
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google/redirect" });
    const state = new URL(start.headers.location as string).searchParams.get("state")!;
    return { state, cookie: String(start.headers["set-cookie"]).split(";")[0]! };
  }
  const callback = (query: string, cookie?: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/auth/google/callback?${query}`,
      headers: { "accept-language": "en", ...(cookie ? { cookie } : {}) },
    });
  const messageOf = (res: { headers: Record<string, unknown> }) =>
    new URL(res.headers.location as string).searchParams.get("message");

  it("the provider's error=", async () => {
    const { state, cookie } = await started();
    const warnings = watchWarnings();
    await callback(`error=access_denied&error_description=User+cancelled&state=${state}`, cookie);
    expect(warnings()).toContainEqual({ reason: "provider_error", cause: "access_denied: User cancelled" });
  });

  it("temporarily_unavailable from the provider is told as an outage", async () => {
    const { state, cookie } = await started();
    const back = await callback(`error=temporarily_unavailable&state=${state}`, cookie);
    expect(messageOf(back)).toBe("Google is not responding right now. Please try again in a few minutes.");
  });

  it("a state that does not match the cookie, or no longer exists", async () => {
    const { state, cookie } = await started();
    const warnings = watchWarnings();
    await callback(`code=abc&state=${state}`);
    await callback(`code=abc&state=forged`, cookie);
    await callback(`code=abc&state=forged`, "tavolo_google_state=forged");
    expect(warnings().map((warning) => warning.reason)).toEqual(["state_mismatch", "state_mismatch", "state_unknown"]);
    expect(warnings()[0]!.cause).toBe("no state cookie");
  });

  it("a failed token exchange", async () => {
    google.signInAs(newGoogleUser());
    const refuse = (response: { statusCode: number; body: unknown }) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: "code already used" };
    };
    google.server.service.once("beforeResponse", refuse);
    const warnings = watchWarnings();
    const { landing } = await signInWithGoogle(t.app, google);
    expect(landing.searchParams.get("message")).toBe("Accesso con Google non riuscito. Riprova.");
    expect(warnings()).toContainEqual(expect.objectContaining({ reason: "token_exchange_failed" }));
    expect(warnings().find((warning) => warning.reason === "token_exchange_failed")!.cause).toMatch(/invalid_grant/);
  });
});
