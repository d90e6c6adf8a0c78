import { describe, expect, it, vi } from "vitest";
import { BiometricAuthError, fakeNative, PluginCallError } from "../../test/fake-capacitor";

const prompt = { title: "Accedi a Tavolo", reason: "Conferma la tua identità", cancel: "Annulla" };
const ids = { web: "web-client.apps.googleusercontent.com", ios: "ios-client.apps.googleusercontent.com" };

describe("native bridge: platform and biometrics", () => {
  it("reports the platform the plugins report", () => {
    expect(fakeNative().bridge.isNative()).toBe(true);
    expect(fakeNative({ native: false }).bridge.isNative()).toBe(false);
  });

  it("tells whether biometrics are enrolled, without a passcode fallback", async () => {
    const native = fakeNative();
    const isAvailable = vi.spyOn(native.biometric, "isAvailable");
    expect(await native.bridge.biometricsAvailable()).toBe(true);
    expect(isAvailable).toHaveBeenCalledWith({ useFallback: false });
    native.biometric.available = false;
    expect(await native.bridge.biometricsAvailable()).toBe(false);
    isAvailable.mockRejectedValueOnce(new PluginCallError("plugin not implemented"));
    expect(await native.bridge.biometricsAvailable()).toBe(false);
  });

  it("verifies the user with the prompt's texts", async () => {
    const native = fakeNative();
    expect(await native.bridge.verifyBiometrics(prompt)).toBe("verified");
    expect(native.biometric.prompts[0]).toMatchObject({
      title: prompt.title,
      reason: prompt.reason,
      negativeButtonText: prompt.cancel,
      useFallback: false,
    });
  });

  it.each([
    [BiometricAuthError.USER_CANCEL, "cancelled"],
    [BiometricAuthError.SYSTEM_CANCEL, "cancelled"],
    [BiometricAuthError.APP_CANCEL, "cancelled"],
    [BiometricAuthError.AUTHENTICATION_FAILED, "failed"],
    [BiometricAuthError.USER_LOCKOUT, "failed"],
    [BiometricAuthError.BIOMETRICS_NOT_ENROLLED, "failed"],
  ])("maps plugin error %s to %s", async (code, outcome) => {
    const native = fakeNative();
    native.biometric.answers = [code];
    expect(await native.bridge.verifyBiometrics(prompt)).toBe(outcome);
  });

  it("fails verification when biometrics went away (no code on the rejection)", async () => {
    const native = fakeNative();
    native.biometric.available = false;
    expect(await native.bridge.verifyBiometrics(prompt)).toBe("failed");
  });
});

describe("native bridge: secure store", () => {
  it("stores, reads and deletes a value under a key", async () => {
    const { bridge, biometric } = fakeNative();
    expect(await bridge.secureStore.get("k")).toBeNull();
    await bridge.secureStore.set("k", "secret");
    expect(biometric.store.get("k")).toEqual({ username: "k", password: "secret" });
    expect(await bridge.secureStore.get("k")).toBe("secret");
    await bridge.secureStore.delete("k");
    expect(await bridge.secureStore.get("k")).toBeNull();
    await expect(bridge.secureStore.delete("k")).resolves.toBeUndefined();
  });

  it("treats an unreadable entry as none", async () => {
    const { bridge, biometric } = fakeNative();
    await bridge.secureStore.set("k", "secret");
    biometric.unreadable = true;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await bridge.secureStore.get("k")).toBeNull();
  });
});

describe("native bridge: deep links and back button", () => {
  it("passes on the launch URL, then each URL that opens the app, each once", async () => {
    const { bridge, app } = fakeNative();
    app.launchUrl = "https://tavolo.it/email-redirect?token=t1&email=a%40b.it";
    const urls: string[] = [];
    const stop = await bridge.onDeepLink((url) => urls.push(url));
    // iOS may repeat the launch URL as appUrlOpen: not handled twice.
    app.emit("appUrlOpen", { url: app.launchUrl });
    app.emit("appUrlOpen", { url: "tavolo://auth/google/callback?code=c1" });
    expect(urls).toEqual([app.launchUrl, "tavolo://auth/google/callback?code=c1"]);
    stop();
    await Promise.resolve();
    expect(app.listenerCount("appUrlOpen")).toBe(0);
    app.emit("appUrlOpen", { url: "tavolo://restaurants/1" });
    expect(urls).toHaveLength(2);
  });

  it("walks back through history, and leaves the app from its first page", async () => {
    const { bridge, app } = fakeNative();
    const goBack = vi.fn();
    const stop = await bridge.handleBackButton(goBack);
    app.emit("backButton", { canGoBack: true });
    expect(goBack).toHaveBeenCalledTimes(1);
    expect(app.exits).toBe(0);
    app.emit("backButton", { canGoBack: false });
    expect(app.exits).toBe(1);
    stop();
    await Promise.resolve();
    expect(app.listenerCount("backButton")).toBe(0);
  });
});

describe("native bridge: Google sign-in", () => {
  it("says it is not configured without a web client id, before touching the plugin", async () => {
    const { bridge, socialLogin } = fakeNative();
    expect(await bridge.googleSignIn({ web: "", ios: "" })).toEqual({ kind: "notConfigured" });
    expect(socialLogin.initialized).toEqual([]);
  });

  it("initializes once, with our server as the tokens' audience on iOS too, and returns the ID token", async () => {
    const { bridge, socialLogin } = fakeNative();
    expect(await bridge.googleSignIn(ids)).toEqual({ kind: "idToken", idToken: "google-id-token" });
    expect(await bridge.googleSignIn(ids)).toEqual({ kind: "idToken", idToken: "google-id-token" });
    expect(socialLogin.initialized).toEqual([
      { google: { webClientId: ids.web, iOSClientId: ids.ios, iOSServerClientId: ids.web, mode: "online" } },
    ]);
    expect(socialLogin.logins[0]).toEqual({ provider: "google", options: { style: "standard", forcePrompt: true } });
  });

  it("reports a cancelled picker as cancelled (Android and iOS wording)", async () => {
    const { bridge, socialLogin } = fakeNative();
    socialLogin.next = new PluginCallError("Google Sign-In failed: activity is cancelled by the user.");
    expect(await bridge.googleSignIn(ids)).toEqual({ kind: "cancelled" });
    socialLogin.next = new PluginCallError("The user canceled the sign-in flow.");
    expect(await bridge.googleSignIn(ids)).toEqual({ kind: "cancelled" });
  });

  it("rejects other failures, and an answer without an ID token", async () => {
    const { bridge, socialLogin } = fakeNative();
    socialLogin.next = new PluginCallError("Google Sign-In failed: No credentials available.");
    await expect(bridge.googleSignIn(ids)).rejects.toThrow("No credentials available");
    socialLogin.next = { responseType: "offline", serverAuthCode: "code" };
    await expect(bridge.googleSignIn(ids)).rejects.toThrow("no ID token");
  });

  it("retries initialization after it failed", async () => {
    const { bridge, socialLogin } = fakeNative();
    socialLogin.failInitialize = new PluginCallError("Google Sign-In failed: Client ID is not set");
    await expect(bridge.googleSignIn(ids)).rejects.toThrow("Client ID");
    socialLogin.failInitialize = null;
    expect(await bridge.googleSignIn(ids)).toEqual({ kind: "idToken", idToken: "google-id-token" });
    expect(socialLogin.initialized).toHaveLength(2);
  });
});
