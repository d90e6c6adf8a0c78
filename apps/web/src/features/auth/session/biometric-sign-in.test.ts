import { beforeEach, describe, expect, it, vi } from "vitest";
import { BiometricAuthError, fakeNative } from "../../../../test/fake-capacitor";
import { authUserFixture } from "../../../../test/fixtures";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { nativeLoader } from "../../../lib/native-loader";
import { storage } from "../../../lib/storage";
import { createSessionRefresher } from "../../../lib/session-refresh";
import {
  BiometricSignInError,
  canSignInWithBiometrics,
  enableBiometricSignIn,
  followSessionRotations,
  forgetBiometricSignIn,
  shouldOfferBiometrics,
  signInWithBiometrics,
} from "./biometric-sign-in";
import { eventually } from "../../../../test/eventually";
import { testApiClient } from "../../../../test/api-client";

const KEY = "tavolo.biometric-session";
const prompt = { title: "Accedi a Tavolo", reason: "Conferma", cancel: "Annulla" };
const credentials = { email: "giulia.rossi@example.com", password: "Segreta!1" };
const serverUser = authUserFixture({ email: credentials.email });
const path = (call: unknown[]) => new URL(String(call[0]), "http://localhost").pathname;
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

const api = testApiClient();
let native: ReturnType<typeof fakeNative>;

function storeDeviceSession(refreshToken = "device-refresh-1", email = credentials.email) {
  native.biometric.store.set(KEY, { username: KEY, password: JSON.stringify({ email, refreshToken }) });
}
const stored = () => {
  const entry = native.biometric.store.get(KEY);
  return entry ? (JSON.parse(entry.password) as { email: string; refreshToken: string }) : null;
};

beforeEach(() => {
  native = fakeNative();
  vi.spyOn(nativeLoader, "load").mockResolvedValue(native.bridge);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("on the web", () => {
  it("offers nothing, shows nothing and clears nothing", async () => {
    vi.mocked(nativeLoader.load).mockResolvedValue(null);
    const fetch = mockFetch(() => offContract({}, 500));
    expect(await canSignInWithBiometrics()).toBe(false);
    expect(await shouldOfferBiometrics(credentials.email)).toBe(false);
    expect(await enableBiometricSignIn(api, credentials, prompt)).toBe("failed");
    await expect(signInWithBiometrics(api, prompt, "incomplete")).rejects.toBeInstanceOf(BiometricSignInError);
    await forgetBiometricSignIn(api);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("never even loads the bridge outside the native shell", async () => {
    vi.mocked(nativeLoader.load).mockRestore();
    expect(await nativeLoader.load()).toBeNull();
  });
});

describe("availability", () => {
  it("shows the button only with biometrics enrolled and a session stored", async () => {
    expect(await canSignInWithBiometrics()).toBe(false);
    storeDeviceSession();
    expect(await canSignInWithBiometrics()).toBe(true);
    native.biometric.available = false;
    expect(await canSignInWithBiometrics()).toBe(false);
  });

  it("offers it after a password login, unless unavailable or already on for that account", async () => {
    expect(await shouldOfferBiometrics(credentials.email)).toBe(true);
    storeDeviceSession("t", "someone@example.com");
    expect(await shouldOfferBiometrics(credentials.email)).toBe(true);
    storeDeviceSession("t", "Giulia.Rossi@example.com");
    expect(await shouldOfferBiometrics(credentials.email)).toBe(false);
    native.biometric.store.clear();
    native.biometric.available = false;
    expect(await shouldOfferBiometrics(credentials.email)).toBe(false);
  });
});

describe("turning it on", () => {
  it("checks the biometrics, opens the device's own session and keeps its refresh token", async () => {
    const fetch = mockFetch(() =>
      answer("POST /client/login", {
        success: true,
        token: "device-access",
        accessToken: "device-access",
        refreshToken: "device-refresh-1",
        user: serverUser,
      }),
    );
    expect(await enableBiometricSignIn(api, credentials, prompt)).toBe("enabled");
    expect(native.biometric.prompts).toHaveLength(1);
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/login"]);
    expect(bodyOf(fetch.mock.calls[0]!)).toMatchObject(credentials);
    expect(stored()).toEqual({ email: credentials.email, refreshToken: "device-refresh-1" });
    // The running app's session is not touched.
    expect(storage.getString("refresh_token")).toBeNull();
  });

  it("does nothing when the user cancels the prompt", async () => {
    const fetch = mockFetch(() => offContract({}, 500));
    native.biometric.answers = [BiometricAuthError.USER_CANCEL];
    expect(await enableBiometricSignIn(api, credentials, prompt)).toBe("cancelled");
    expect(fetch).not.toHaveBeenCalled();
    expect(stored()).toBeNull();
  });

  it("fails when the biometrics are not recognised, or the second login is refused", async () => {
    const fetch = mockFetch(() => apiError({ success: false, error: "Credenziali non valide", code: "invalid" }, 401));
    native.biometric.answers = [BiometricAuthError.AUTHENTICATION_FAILED];
    expect(await enableBiometricSignIn(api, credentials, prompt)).toBe("failed");
    expect(fetch).not.toHaveBeenCalled();
    expect(await enableBiometricSignIn(api, credentials, prompt)).toBe("failed");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(stored()).toBeNull();
  });

  it("replaces another account's stored session and ends it on the server", async () => {
    storeDeviceSession("old-refresh", "someone@example.com");
    const fetch = mockFetch((url) =>
      url.pathname === "/api/client/login"
        ? answer("POST /client/login", {
            success: true,
            token: "a",
            accessToken: "a",
            refreshToken: "device-refresh-2",
            user: serverUser,
          })
        : answer("POST /client/logout", { success: true, message: "Disconnesso" }),
    );
    expect(await enableBiometricSignIn(api, credentials, prompt)).toBe("enabled");
    expect(stored()?.refreshToken).toBe("device-refresh-2");
    await eventually(() => expect(fetch.mock.calls.map(path)).toContain("/api/client/logout"));
    const logout = fetch.mock.calls.find((call) => path(call) === "/api/client/logout")!;
    expect(bodyOf(logout)).toMatchObject({ refreshToken: "old-refresh" });
  });
});

describe("signing in with it", () => {
  it("unlocks, refreshes the stored session, loads the user and keeps the rotated token", async () => {
    storeDeviceSession();
    const fetch = mockFetch((url) =>
      url.pathname === "/api/client/refresh-token"
        ? answer("POST /client/refresh-token", {
            success: true,
            accessToken: "access-2",
            token: "access-2",
            refreshToken: "device-refresh-2",
          })
        : answer("GET /client/user-profile", { success: true, user: serverUser }),
    );
    const session = await signInWithBiometrics(api, prompt, "incomplete");
    expect(session).toEqual({
      token: "access-2",
      refreshToken: "device-refresh-2",
      user: expect.objectContaining({ id: "u-1", email: credentials.email }) as unknown,
    });
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/refresh-token", "/api/client/user-profile"]);
    expect(bodyOf(fetch.mock.calls[0]!)).toMatchObject({ refreshToken: "device-refresh-1" });
    // The refresh carried no bearer; the profile call carried the new one.
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get("Authorization")).toBeNull();
    expect(new Headers(fetch.mock.calls[1]![1]!.headers).get("Authorization")).toBe("Bearer access-2");
    expect(stored()?.refreshToken).toBe("device-refresh-2");
  });

  it("says nothing and calls nothing when the user cancels", async () => {
    storeDeviceSession();
    const fetch = mockFetch(() => offContract({}, 500));
    native.biometric.answers = [BiometricAuthError.USER_CANCEL];
    expect(await signInWithBiometrics(api, prompt, "incomplete")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(stored()?.refreshToken).toBe("device-refresh-1");
  });

  it("fails when the face or finger is not recognised, keeping the stored session", async () => {
    storeDeviceSession();
    const fetch = mockFetch(() => offContract({}, 500));
    native.biometric.answers = [BiometricAuthError.USER_LOCKOUT];
    await expect(signInWithBiometrics(api, prompt, "incomplete")).rejects.toBeInstanceOf(BiometricSignInError);
    expect(fetch).not.toHaveBeenCalled();
    expect(stored()).not.toBeNull();
  });

  it("forgets a stored session the server has revoked", async () => {
    storeDeviceSession();
    mockFetch(() => apiError({ success: false, error: "Sessione non valida", code: "invalid_refresh_token" }, 401));
    await expect(signInWithBiometrics(api, prompt, "incomplete")).rejects.toBeInstanceOf(BiometricSignInError);
    expect(stored()).toBeNull();
    expect(await canSignInWithBiometrics()).toBe(false);
  });

  it("keeps the stored session when only the network failed", async () => {
    storeDeviceSession();
    mockFetch(() => Promise.reject(new TypeError("offline")));
    await expect(signInWithBiometrics(api, prompt, "incomplete")).rejects.toBeInstanceOf(BiometricSignInError);
    expect(stored()?.refreshToken).toBe("device-refresh-1");
  });

  it("fails on an incomplete answer or a profile that cannot be read", async () => {
    storeDeviceSession();
    mockFetch(() => offContract({ success: true, accessToken: "access-2" }));
    await expect(signInWithBiometrics(api, prompt, "Dati incompleti")).rejects.toThrow("Dati incompleti");

    storeDeviceSession();
    mockFetch((url) =>
      url.pathname === "/api/client/refresh-token"
        ? answer("POST /client/refresh-token", {
            success: true,
            accessToken: "access-2",
            token: "access-2",
            refreshToken: "device-refresh-2",
          })
        : apiError({ success: false, error: "Servizio non disponibile", code: "service_unavailable" }, 503),
    );
    await expect(signInWithBiometrics(api, prompt, "incomplete")).rejects.toBeInstanceOf(BiometricSignInError);
    // The rotation already happened on the server: the successor is what stays stored.
    expect(stored()?.refreshToken).toBe("device-refresh-2");
  });

  it("fails without a stored session", async () => {
    await expect(signInWithBiometrics(api, prompt, "incomplete")).rejects.toBeInstanceOf(BiometricSignInError);
    expect(native.biometric.prompts).toEqual([]);
  });
});

describe("forgetting it (logout, password change)", () => {
  it("deletes the stored session and ends it on the server", async () => {
    storeDeviceSession();
    storage.setString("refresh_token", "app-refresh");
    const fetch = mockFetch(() => answer("POST /client/logout", { success: true, message: "Disconnesso" }));
    await forgetBiometricSignIn(api);
    expect(stored()).toBeNull();
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/logout"]);
    expect(bodyOf(fetch.mock.calls[0]!)).toMatchObject({ refreshToken: "device-refresh-1" });
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get("Authorization")).toBeNull();
  });

  it("does not end the running session twice when the stored copy is that session", async () => {
    storeDeviceSession("app-refresh");
    storage.setString("refresh_token", "app-refresh");
    const fetch = mockFetch(() => answer("POST /client/logout", { success: true, message: "Disconnesso" }));
    await forgetBiometricSignIn(api);
    expect(stored()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("still forgets it on the device when the server cannot be reached", async () => {
    storeDeviceSession();
    mockFetch(() => Promise.reject(new TypeError("offline")));
    await forgetBiometricSignIn(api);
    expect(stored()).toBeNull();
  });
});

describe("following the session's refreshes", () => {
  const refresher = (refreshed: { accessToken: string; refreshToken: string }) =>
    createSessionRefresher({
      refresh: () => Promise.resolve({ success: true, token: refreshed.accessToken, ...refreshed }),
      refused: () => true,
      messageOf: () => null,
      translate: (key) => key,
    });

  it("updates the stored copy when it is the token being rotated, and only then", async () => {
    const stop = followSessionRotations();
    try {
      storeDeviceSession("app-refresh-1");
      storage.setString("auth_token", "access-1");
      storage.setString("refresh_token", "app-refresh-1");
      await refresher({ accessToken: "access-2", refreshToken: "app-refresh-2" })("access-1");
      await eventually(() => expect(stored()?.refreshToken).toBe("app-refresh-2"));

      // A dormant device session of its own is left alone.
      storeDeviceSession("device-refresh-1");
      await refresher({ accessToken: "access-3", refreshToken: "app-refresh-3" })("access-2");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(stored()?.refreshToken).toBe("device-refresh-1");
    } finally {
      stop();
    }
  });
});
