import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { BiometricAuthError, fakeNative, PluginCallError } from "../../../../test/fake-capacitor";
import { testUserAnswer } from "../../../../test/fixtures";
import { renderRoutes, testUser } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { nativeLoader } from "../../../lib/native-loader";
import { storage } from "../../../lib/storage";
import { RedirectIfSignedIn } from "../session/route-guards";
import { LoginPage } from "./login-page";

// A build for the native app carries the Google client ids (VITE_GOOGLE_*); a test build does not.
const clientIds = vi.hoisted(() => ({ web: "web-client.apps.googleusercontent.com", ios: "" }));
vi.mock("../../../config/env", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  NATIVE_GOOGLE_CLIENT_IDS: clientIds,
}));

/** /login inside the native app: the biometric button, the offer after a password login, Google. */
const KEY = "tavolo.biometric-session";
const serverUser = testUserAnswer();
let native: ReturnType<typeof fakeNative>;

function renderLogin() {
  return renderRoutes(
    [
      { element: <RedirectIfSignedIn />, children: [{ path: "/login", element: <LoginPage /> }] },
      { path: "/", element: <p>home page</p> },
      { path: "/register", element: <p>register page</p> },
    ],
    { at: "/login" },
  );
}

function storeDeviceSession(refreshToken = "device-refresh-1") {
  native.biometric.store.set(KEY, {
    username: KEY,
    password: JSON.stringify({ email: testUser.email, refreshToken }),
  });
}

async function passwordLogin() {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: testUser.email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Tavolo1!" } });
  fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
}

const biometricButton = () => screen.queryByRole("button", { name: "Accedi con la biometria" });
const path = (call: unknown[]) => new URL(String(call[0]), "http://localhost").pathname;

beforeEach(() => {
  native = fakeNative();
  vi.spyOn(nativeLoader, "load").mockResolvedValue(native.bridge);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("biometric button", () => {
  it("never shows on the web", async () => {
    vi.mocked(nativeLoader.load).mockResolvedValue(null);
    mockFetch(() => offContract({}, 500));
    renderLogin();
    expect(await screen.findByRole("button", { name: "Accedi" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(biometricButton()).toBeNull();
  });

  it("does not show when biometrics are unavailable, or nothing is stored", async () => {
    mockFetch(() => offContract({}, 500));
    storeDeviceSession();
    native.biometric.available = false;
    const { unmount } = renderLogin();
    await screen.findByRole("button", { name: "Accedi" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(biometricButton()).toBeNull();
    unmount();

    native.biometric.available = true;
    native.biometric.store.clear();
    renderLogin();
    await screen.findByRole("button", { name: "Accedi" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(biometricButton()).toBeNull();
  });

  it("unlocks the stored session, signs in and goes home", async () => {
    storeDeviceSession();
    mockFetch((url) =>
      url.pathname === "/api/client/refresh-token"
        ? answer("POST /client/refresh-token", {
            success: true,
            accessToken: "access-2",
            token: "access-2",
            refreshToken: "device-refresh-2",
          })
        : answer("GET /client/user-profile", { success: true, user: serverUser }),
    );
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: "Accedi con la biometria" }));
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(storage.getString("auth_token")).toBe("access-2");
    expect(storage.getString("refresh_token")).toBe("device-refresh-2");
    expect(native.biometric.prompts[0]).toMatchObject({ title: "Accedi a Tavolo", negativeButtonText: "Annulla" });
  });

  it("stays quiet when the user cancels, and says auth.biometricFailed when not recognised", async () => {
    storeDeviceSession();
    const fetch = mockFetch(() => offContract({}, 500));
    native.biometric.answers = [BiometricAuthError.USER_CANCEL, BiometricAuthError.AUTHENTICATION_FAILED];
    renderLogin();
    const button = await screen.findByRole("button", { name: "Accedi con la biometria" });
    fireEvent.click(button);
    await waitFor(() => expect(native.biometric.prompts).toHaveLength(1));
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText("Autenticazione biometrica non riuscita.")).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText("Autenticazione biometrica non riuscita.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    // Still there, to try again.
    expect(biometricButton()).toBeInTheDocument();
  });

  it("says auth.biometricFailed and removes the button when the server revoked the stored session", async () => {
    storeDeviceSession();
    mockFetch(() => apiError({ success: false, error: "Sessione non valida", code: "invalid_refresh_token" }, 401));
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: "Accedi con la biometria" }));
    expect(await screen.findByText("Autenticazione biometrica non riuscita.")).toBeInTheDocument();
    await waitFor(() => expect(biometricButton()).toBeNull());
    expect(native.biometric.store.has(KEY)).toBe(false);
    expect(storage.getString("auth_token")).toBeNull();
  });
});

describe("offer after a password login", () => {
  const loginAnswers = (refreshTokens: string[]) =>
    mockFetch((url) =>
      url.pathname === "/api/client/login"
        ? answer("POST /client/login", {
            success: true,
            token: "access",
            accessToken: "access",
            refreshToken: refreshTokens.shift()!,
            user: serverUser,
          })
        : offContract({}, 500),
    );

  it("turns biometric sign-in on with a session of its own, then moves on", async () => {
    const fetch = loginAnswers(["app-refresh", "device-refresh"]);
    renderLogin();
    await passwordLogin();
    expect(await screen.findByRole("dialog", { name: "Accesso biometrico" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Attiva" }));
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/login", "/api/client/login"]);
    expect(storage.getString("refresh_token")).toBe("app-refresh");
    expect(JSON.parse(native.biometric.store.get(KEY)!.password)).toEqual({
      email: testUser.email,
      refreshToken: "device-refresh",
    });
  });

  it("moves on without it on 'not now', and keeps offering after a cancelled prompt", async () => {
    const fetch = loginAnswers(["app-refresh"]);
    native.biometric.answers = [BiometricAuthError.USER_CANCEL];
    renderLogin();
    await passwordLogin();
    fireEvent.click(await screen.findByRole("button", { name: "Attiva" }));
    await waitFor(() => expect(native.biometric.prompts).toHaveLength(1));
    expect(screen.getByRole("dialog", { name: "Accesso biometrico" })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Non ora" }));
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(native.biometric.store.has(KEY)).toBe(false);
  });

  it("explains when it could not be turned on", async () => {
    loginAnswers(["app-refresh"]);
    native.biometric.answers = [BiometricAuthError.AUTHENTICATION_FAILED];
    renderLogin();
    await passwordLogin();
    fireEvent.click(await screen.findByRole("button", { name: "Attiva" }));
    expect(
      await screen.findByText("Impossibile attivare l'accesso biometrico. Potrai riprovare al prossimo accesso."),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Non ora" }));
    expect(await screen.findByText("home page")).toBeInTheDocument();
  });

  it("is not offered without biometrics, nor on the web", async () => {
    loginAnswers(["app-refresh", "app-refresh-2"]);
    native.biometric.available = false;
    const { unmount } = renderLogin();
    await passwordLogin();
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(native.biometric.prompts).toEqual([]);
    unmount();

    storage.clearSession();
    vi.mocked(nativeLoader.load).mockResolvedValue(null);
    renderLogin();
    await passwordLogin();
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("native Google sign-in", () => {
  it("signs in with the plugin's ID token through POST /client/auth/google", async () => {
    const fetch = mockFetch(() =>
      answer("POST /client/auth/google", {
        success: true,
        token: "access-g",
        accessToken: "access-g",
        refreshToken: "refresh-g",
        user: serverUser,
      }),
    );
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: "Continua con Google" }));
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/auth/google"]);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({
      idToken: "google-id-token",
      registration: false,
    });
    expect(storage.getString("auth_token")).toBe("access-g");
  });

  it("sends an unknown Google account to /register, prefilled", async () => {
    mockFetch(() =>
      apiError(
        {
          success: false,
          error: "Nessun account Tavolo è collegato a questo account Google: completa la registrazione",
          code: "ACCOUNT_NOT_REGISTERED",
          type: "notRegistered",
          email: "nuovo@example.com",
          name: "Nuovo Utente",
        },
        404,
      ),
    );
    const { router } = renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: "Continua con Google" }));
    expect(await screen.findByText("register page")).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toMatchObject({
      type: "notRegistered",
      email: "nuovo@example.com",
      name: "Nuovo Utente",
      showError: "true",
    });
  });

  it("explains when the app was built without Google client ids", async () => {
    const fetch = mockFetch(() => offContract({}, 500));
    clientIds.web = "";
    try {
      renderLogin();
      fireEvent.click(await screen.findByRole("button", { name: "Continua con Google" }));
      expect(await screen.findByText(/L'accesso con Google non è configurato/)).toBeInTheDocument();
      expect(native.socialLogin.logins).toEqual([]);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      clientIds.web = "web-client.apps.googleusercontent.com";
    }
  });

  it("stays quiet on a cancelled picker; says auth.googleLoginFailed on a plugin failure", async () => {
    const fetch = mockFetch(() => offContract({}, 500));
    native.socialLogin.next = new PluginCallError("The user canceled the sign-in flow.");
    renderLogin();
    const button = await screen.findByRole("button", { name: "Continua con Google" });
    fireEvent.click(button);
    await waitFor(() => expect(native.socialLogin.logins).toHaveLength(1));
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText("Accesso con Google non riuscito. Riprova.")).toBeNull();

    native.socialLogin.next = new PluginCallError("Google Sign-In failed: No credentials available.");
    fireEvent.click(button);
    expect(await screen.findByText("Accesso con Google non riuscito. Riprova.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
