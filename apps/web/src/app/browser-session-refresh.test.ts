import { describe, expect, it, vi } from "vitest";
import { authUserFixture } from "../../test/fixtures";
import { SESSION_EXPIRED_EVENT, type SessionExpiredDetail } from "../lib/session-refresh";
import { storage } from "../lib/storage";
import { answer, apiError, mockFetch, offContract } from "../../test/mock-api";
import { eventually } from "../../test/eventually";
import { createBrowserApiClient } from "./browser-api-client";

// The browser's client as client-app.tsx makes it, with its session refresher (decision 058).
const apiClient = createBrowserApiClient();

const isRefresh = (url: URL) => url.pathname === "/api/client/refresh-token";
const bearer = (init: RequestInit) => new Headers(init.headers).get("Authorization");
const expired = () => apiError({ success: false, error: "Token scaduto", code: "token_expired" }, 401);
const refreshed = (accessToken: string, refreshToken: string) =>
  answer("POST /client/refresh-token", { success: true, accessToken, token: accessToken, refreshToken });

/** The signed-in reads this file makes, each answered as the server does. */
function read(url: URL): Response {
  if (url.pathname.endsWith("/favorites")) return answer("GET /client/favorites", { success: true, favorites: [] });
  if (url.pathname.endsWith("/waitlist")) return answer("GET /client/waitlist", { success: true, entries: [] });
  return answer("GET /client/user-profile", { success: true, user: authUserFixture() });
}

function signedInWith(token: string, refreshToken: string | null) {
  storage.setJson("user", { id: "u-1", email: "giulia.rossi@example.com" });
  storage.setString("auth_token", token);
  if (refreshToken) storage.setString("refresh_token", refreshToken);
}

function expiredReasons() {
  const reasons: string[] = [];
  const listener = (event: Event) => reasons.push((event as CustomEvent<SessionExpiredDetail>).detail.reason);
  window.addEventListener(SESSION_EXPIRED_EVENT, listener);
  return reasons;
}

describe("session refresh on 401", () => {
  it("shares ONE refresh among three concurrent 401s and retries each call once with the new token", async () => {
    signedInWith("old-access", "refresh-1");
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const fetch = mockFetch(async (url, init) => {
      if (isRefresh(url)) {
        await refreshGate; // hold it open so every 401 arrives while it is in flight
        return refreshed("new-access", "refresh-2");
      }
      return bearer(init) === "Bearer new-access"
        ? read(url)
        : apiError({ success: false, error: "Token scaduto", code: "token_expired" }, 401);
    });

    const calls = Promise.all([
      apiClient.get("/client/user-profile"),
      apiClient.get("/client/favorites"),
      apiClient.get("/client/waitlist"),
    ]);
    await eventually(() =>
      expect(fetch.mock.calls.filter(([u]) => String(u).endsWith("refresh-token"))).toHaveLength(1),
    );
    releaseRefresh();
    const [profile, favorites, waitlist] = await calls;

    expect([profile.user.id, favorites.favorites, waitlist.entries]).toEqual(["u-1", [], []]);
    const refreshCalls = fetch.mock.calls.filter(([u]) => String(u).endsWith("/refresh-token"));
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0]![1]!.body))).toMatchObject({ refreshToken: "refresh-1" });
    expect(bearer(refreshCalls[0]![1]!)).toBeNull();
    // 3 first tries + 1 refresh + 3 retries.
    expect(fetch).toHaveBeenCalledTimes(7);
    expect(storage.getString("auth_token")).toBe("new-access");
    expect(storage.getString("refresh_token")).toBe("refresh-2");
  });

  it("retries without another refresh when a 401 arrives after the refresh has finished", async () => {
    signedInWith("old-access", "refresh-1");
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const fetch = mockFetch(async (url, init) => {
      if (isRefresh(url)) return refreshed("new-access", "refresh-2");
      if (bearer(init) === "Bearer new-access") return read(url);
      if (url.pathname.endsWith("/favorites")) await slowGate; // its 401 comes back late
      return expired();
    });
    const slow = apiClient.get("/client/favorites");
    await apiClient.get("/client/user-profile");
    expect(storage.getString("auth_token")).toBe("new-access");
    releaseSlow();
    await slow;
    // The late 401 carried the old token: it retries with the new one instead of spending refresh-2.
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith("/refresh-token"))).toHaveLength(1);
    expect(storage.getString("refresh_token")).toBe("refresh-2");
  });

  it("waits for other tabs (Web Lock) and uses the token a tab stored meanwhile instead of refreshing", async () => {
    signedInWith("old-access", "refresh-1");
    const request = vi.fn(async (_name: string, callback: () => Promise<boolean>) => {
      // While this tab queued for the lock, another one refreshed and stored its new pair.
      storage.setString("auth_token", "other-tab-access");
      storage.setString("refresh_token", "refresh-2");
      return callback();
    });
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    const fetch = mockFetch((url, init) => (bearer(init) === "Bearer other-tab-access" ? read(url) : expired()));
    await apiClient.get("/client/user-profile");
    expect(request).toHaveBeenCalledWith("tavolo-session-refresh", expect.any(Function));
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith("/refresh-token"))).toHaveLength(0);
    expect(storage.getString("refresh_token")).toBe("refresh-2");
  });

  it("a refused refresh clears the stored session and says why, with the server's message", async () => {
    signedInWith("old-access", "replayed");
    const reasons = expiredReasons();
    mockFetch((url) =>
      isRefresh(url)
        ? apiError(
            { success: false, error: "Sessione non valida o scaduta: accedi di nuovo", code: "invalid_refresh_token" },
            401,
          )
        : apiError({ success: false, error: "Token scaduto", code: "token_expired" }, 401),
    );
    await expect(apiClient.get("/client/user-profile")).rejects.toMatchObject({ status: 401 });
    expect(storage.getString("auth_token")).toBeNull();
    expect(storage.getString("refresh_token")).toBeNull();
    expect(storage.getJson("user")).toBeNull();
    expect(reasons).toEqual(["Sessione non valida o scaduta: accedi di nuovo"]);
  });

  it("without a refresh token clears the session: 'Nessun refresh token disponibile'", async () => {
    signedInWith("old-access", null);
    const reasons = expiredReasons();
    const fetch = mockFetch(() => expired());
    await expect(apiClient.get("/client/user-profile")).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(storage.getString("auth_token")).toBeNull();
    expect(reasons).toEqual(["Nessun refresh token disponibile"]);
  });

  it("an answer without an access token clears the session: 'Token di accesso non presente nella risposta'", async () => {
    signedInWith("old-access", "refresh-1");
    const reasons = expiredReasons();
    mockFetch((url) => (isRefresh(url) ? offContract({ success: true, refreshToken: "x" }) : expired()));
    await expect(apiClient.get("/client/user-profile")).rejects.toMatchObject({ status: 401 });
    expect(storage.getString("auth_token")).toBeNull();
    expect(storage.getString("refresh_token")).toBeNull();
    expect(reasons).toEqual(["Token di accesso non presente nella risposta"]);
  });

  it("keeps the session when the refresh cannot reach the server", async () => {
    signedInWith("old-access", "refresh-1");
    mockFetch((url) => {
      if (isRefresh(url)) throw new TypeError("Failed to fetch");
      return expired();
    });
    await expect(apiClient.get("/client/user-profile")).rejects.toMatchObject({ status: 401 });
    expect(storage.getString("auth_token")).toBe("old-access");
    expect(storage.getString("refresh_token")).toBe("refresh-1");
  });

  it("never refreshes for a call made signed out (a wrong password on /login)", async () => {
    const fetch = mockFetch(() =>
      apiError({ success: false, error: "Email o password non corretti", code: "invalid_credentials" }, 401),
    );
    await expect(apiClient.post("/client/login", { body: { email: "a@b.it", password: "x" } })).rejects.toMatchObject({
      message: "Email o password non corretti",
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
