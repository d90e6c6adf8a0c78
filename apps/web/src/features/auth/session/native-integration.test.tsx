import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { Outlet } from "react-router";
import { fakeNative } from "../../../../test/fake-capacitor";
import { testUserAnswer } from "../../../../test/fixtures";
import { renderRoutes, signInAs, testUser } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { nativeLoader } from "../../../lib/native-loader";
import { storage } from "../../../lib/storage";
import { NativeIntegration } from "./native-integration";
import { useSession } from "./session-context";

const KEY = "tavolo.biometric-session";
let native: ReturnType<typeof fakeNative>;

function Status() {
  const { status, user, signOut } = useSession();
  return (
    <>
      <p>
        {status} {user?.email ?? ""}
      </p>
      <button type="button" onClick={() => void signOut()}>
        logout
      </button>
    </>
  );
}

function renderApp(at = "/search") {
  return renderRoutes(
    [
      {
        path: "/",
        element: (
          <>
            <NativeIntegration />
            <Status />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>home page</p> },
          { path: "search", element: <p>search page</p> },
          { path: "restaurants/:id", element: <p>restaurant page</p> },
        ],
      },
    ],
    { at },
  );
}

beforeEach(() => {
  native = fakeNative();
  vi.spyOn(nativeLoader, "load").mockResolvedValue(native.bridge);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("NativeIntegration", () => {
  it("signs in from the verify-email link the app was opened with, then shows home", async () => {
    native.app.launchUrl = `https://tavolo.it/email-redirect?token=t1&email=${encodeURIComponent(testUser.email)}`;
    mockFetch((url) =>
      url.pathname === "/api/client/verify-email"
        ? answer("POST /client/verify-email", { success: true, message: "Email verificata", loginToken: "login-1" })
        : answer("POST /client/login-with-token", {
            success: true,
            token: "access-1",
            accessToken: "access-1",
            refreshToken: "refresh-1",
            user: testUserAnswer(),
          }),
    );
    renderApp();
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(screen.getByText(`signedIn ${testUser.email}`)).toBeInTheDocument();
    expect(storage.getString("auth_token")).toBe("access-1");
  });

  it("keeps the user where they were, still usable, when a link's token is bad", async () => {
    const fetch = mockFetch(() => apiError({ success: false, error: "Link non valido", code: "invalid_token" }, 400));
    renderApp();
    expect(await screen.findByText("search page")).toBeInTheDocument();
    await waitFor(() => expect(native.app.listenerCount("appUrlOpen")).toBe(1));
    act(() => native.app.emit("appUrlOpen", { url: "tavolo://email-redirect?token=bad&email=a%40b.it" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.getByText("search page")).toBeInTheDocument();
    expect(screen.getByText(/signedOut/)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    // Other links still work afterwards.
    act(() => native.app.emit("appUrlOpen", { url: "https://tavolo.it/restaurants/42" }));
    expect(await screen.findByText("restaurant page")).toBeInTheDocument();
  });

  it("hands Android's back button to the history", async () => {
    mockFetch(() => offContract({}, 500));
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    renderApp();
    await waitFor(() => expect(native.app.listenerCount("backButton")).toBe(1));
    native.app.emit("backButton", { canGoBack: true });
    expect(back).toHaveBeenCalledTimes(1);
    native.app.emit("backButton", { canGoBack: false });
    expect(native.app.exits).toBe(1);
  });

  it("installs nothing on the web", async () => {
    vi.mocked(nativeLoader.load).mockResolvedValue(null);
    mockFetch(() => offContract({}, 500));
    native.app.launchUrl = "https://tavolo.it/restaurants/42";
    renderApp();
    expect(await screen.findByText("search page")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(native.app.listenerCount("appUrlOpen")).toBe(0);
    expect(native.app.listenerCount("backButton")).toBe(0);
  });

  it("logout forgets biometric sign-in on the device and on the server", async () => {
    signInAs();
    storage.setString("refresh_token", "app-refresh");
    native.biometric.store.set(KEY, {
      username: KEY,
      password: JSON.stringify({ email: testUser.email, refreshToken: "device-refresh" }),
    });
    const fetch = mockFetch((url) =>
      url.pathname === "/api/client/logout"
        ? answer("POST /client/logout", { success: true, message: "Disconnesso" })
        : apiError({ success: false, error: "Servizio non disponibile", code: "service_unavailable" }, 503),
    );
    renderApp();
    fireEvent.click(await screen.findByRole("button", { name: "logout" }));
    expect(await screen.findByText(/signedOut/)).toBeInTheDocument();
    expect(native.biometric.store.has(KEY)).toBe(false);
    const logouts = fetch.mock.calls
      .filter((call) => new URL(String(call[0]), "http://localhost").pathname === "/api/client/logout")
      .map((call) => JSON.parse(String(call[1]!.body)) as { refreshToken?: string });
    expect(logouts.map((body) => body.refreshToken)).toEqual(["app-refresh", "device-refresh"]);
  });
});
