import { beforeEach, describe, expect, it, vi } from "vitest";
import { authUserFixture } from "../../../../test/fixtures";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { testApiClient } from "../../../../test/api-client";
import { handleDeepLink, parseDeepLink } from "./deep-links";

const user = authUserFixture();
const path = (call: unknown[]) => new URL(String(call[0]), "http://localhost").pathname;
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

function actions() {
  return { api: testApiClient(), signIn: vi.fn(), navigate: vi.fn(), incomplete: "Dati di autenticazione incompleti" };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("parseDeepLink", () => {
  it("reads the e-mail link on the web address and on the app's own scheme", () => {
    const expected = { kind: "verifyEmail", token: "t1", email: "a@b.it" };
    expect(parseDeepLink("https://tavolo.it/email-redirect?token=t1&email=a%40b.it")).toEqual(expected);
    expect(parseDeepLink("tavolo://email-redirect?token=t1&email=a%40b.it")).toEqual(expected);
    expect(parseDeepLink("tavolo:///verify-email/?token=t1&email=a%40b.it")).toEqual(expected);
  });

  it("reads the Google return: a code, or a token with a user id", () => {
    expect(parseDeepLink("tavolo://auth/google/callback?code=c1")).toEqual({ kind: "googleCode", code: "c1" });
    expect(parseDeepLink("https://tavolo.it/auth/google/callback?token=t&userId=u-1")).toEqual({
      kind: "googleToken",
      token: "t",
      userId: "u-1",
    });
  });

  it("opens any other link as an in-app path (never another site)", () => {
    expect(parseDeepLink("https://tavolo.it/restaurants/42?x=1#menu")).toEqual({
      kind: "open",
      path: "/restaurants/42?x=1#menu",
    });
    expect(parseDeepLink("tavolo://auth/google/callback?message=Annullato")).toEqual({
      kind: "open",
      path: "/auth/google/callback?message=Annullato",
    });
    // A verify link without the e-mail is the web page's business (it explains the error).
    expect(parseDeepLink("tavolo://email-redirect?token=t1")).toEqual({
      kind: "open",
      path: "/email-redirect?token=t1",
    });
    expect(parseDeepLink("tavolo://")).toEqual({ kind: "open", path: "/" });
    expect(parseDeepLink("not a url")).toBeNull();
  });
});

describe("handleDeepLink (SPEC §4)", () => {
  it("verify-email link: verification, token login, session stored, home", async () => {
    const fetch = mockFetch((url) =>
      url.pathname === "/api/client/verify-email"
        ? answer("POST /client/verify-email", { success: true, message: "Email verificata", loginToken: "login-1" })
        : answer("POST /client/login-with-token", {
            success: true,
            token: "access-1",
            accessToken: "access-1",
            refreshToken: "refresh-1",
            user,
          }),
    );
    const act = actions();
    await handleDeepLink("tavolo://email-redirect?token=t1&email=giulia.rossi%40example.com", act);
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/verify-email", "/api/client/login-with-token"]);
    expect(bodyOf(fetch.mock.calls[0]!)).toMatchObject({ actionCode: "t1", email: user.email });
    expect(bodyOf(fetch.mock.calls[1]!)).toMatchObject({ token: "login-1", email: user.email });
    expect(act.signIn).toHaveBeenCalledWith({
      token: "access-1",
      refreshToken: "refresh-1",
      user: expect.objectContaining({ id: "u-1" }) as unknown,
    });
    expect(act.navigate).toHaveBeenCalledWith("/");
  });

  it("a bad or spent token is only logged: no session, no navigation", async () => {
    mockFetch(() => apiError({ success: false, error: "Link non valido o scaduto", code: "invalid_token" }, 400));
    const act = actions();
    await expect(handleDeepLink("tavolo://email-redirect?token=bad&email=a%40b.it", act)).resolves.toBeUndefined();
    expect(act.signIn).not.toHaveBeenCalled();
    expect(act.navigate).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("deep link (verifyEmail) failed", expect.anything());
  });

  it("a verification without a login token is logged, not shown", async () => {
    const fetch = mockFetch(() => offContract({ success: true }));
    const act = actions();
    await handleDeepLink("tavolo://email-redirect?token=t1&email=a%40b.it", act);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(act.signIn).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });

  it("Google code: exchanged first, then the session is stored", async () => {
    const fetch = mockFetch(() =>
      answer("POST /auth/google/code", {
        success: true,
        token: "access-g",
        accessToken: "access-g",
        refreshToken: "refresh-g",
        user,
      }),
    );
    const act = actions();
    await handleDeepLink("https://tavolo.it/auth/google/callback?code=c1", act);
    expect(fetch.mock.calls.map(path)).toEqual(["/api/auth/google/code"]);
    expect(bodyOf(fetch.mock.calls[0]!)).toMatchObject({ code: "c1" });
    expect(act.signIn).toHaveBeenCalledWith(expect.objectContaining({ token: "access-g", refreshToken: "refresh-g" }));
    expect(act.navigate).toHaveBeenCalledWith("/");
  });

  it("Google token and user id: the profile is fetched with that token", async () => {
    const fetch = mockFetch(() => answer("GET /client/getUserProfile/:id", { success: true, profile: user }));
    const act = actions();
    await handleDeepLink("tavolo://auth/google/callback?token=access-t&userId=u-1", act);
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/getUserProfile/u-1"]);
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get("Authorization")).toBe("Bearer access-t");
    expect(act.signIn).toHaveBeenCalledWith(expect.objectContaining({ token: "access-t", user: expect.anything() }));
  });

  it("a spent Google code, or a refused token, is only logged", async () => {
    mockFetch(() => apiError({ success: false, error: "Codice non valido", code: "invalid_code" }, 400));
    const act = actions();
    await handleDeepLink("tavolo://auth/google/callback?code=used", act);
    await handleDeepLink("tavolo://auth/google/callback?token=bad&userId=u-1", act);
    expect(act.signIn).not.toHaveBeenCalled();
    expect(act.navigate).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("an answer without a user is incomplete: logged, no session", async () => {
    mockFetch(() => offContract({ success: true, token: "access-g" }));
    const act = actions();
    await handleDeepLink("tavolo://auth/google/callback?code=c1", act);
    expect(act.signIn).not.toHaveBeenCalled();
  });

  it("other links open their page; garbage is ignored", async () => {
    const fetch = mockFetch(() => offContract({}, 500));
    const act = actions();
    await handleDeepLink("https://tavolo.it/reset-password?token=r1", act);
    expect(act.navigate).toHaveBeenCalledWith("/reset-password?token=r1");
    await handleDeepLink("::", act);
    expect(act.navigate).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });
});
