import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeNative } from "../../test/fake-capacitor";
import { testUserAnswer, notificationSettingsFixture } from "../../test/fixtures";
import { renderRoutes, signInAs, testUser } from "../../test/render";
import { answer, apiError, mockFetch } from "../../test/mock-api";
import { nativeLoader } from "../lib/native-loader";
import { storage } from "../lib/storage";
import { RequireAuth } from "../features/auth/session/route-guards";
import SettingsRoute from "./routes/settings";
import { RouteNotice } from "./route-notice";

/** The settings route in the native app: deleting the account signs out and forgets the device's credential. */
const KEY = "tavolo.biometric-session";
const DELETED = "Il tuo account è stato eliminato. Ti abbiamo inviato un'email di conferma.";
let native: ReturnType<typeof fakeNative>;

beforeEach(() => {
  native = fakeNative();
  vi.spyOn(nativeLoader, "load").mockResolvedValue(native.bridge);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("deleting the account from the settings", () => {
  it("lands on home with the server's notice, signed out, the stored biometric credential gone", async () => {
    signInAs({ ...testUser, authProvider: "password" });
    storage.setString("refresh_token", "app-refresh-1");
    native.biometric.store.set(KEY, {
      username: KEY,
      password: JSON.stringify({ email: testUser.email, refreshToken: "device-refresh-1" }),
    });
    const fetch = mockFetch((url, init) => {
      if (url.pathname === "/api/client/account" && init.method === "DELETE")
        return answer("DELETE /client/account", { success: true, message: DELETED });
      if (url.pathname === "/api/client/notification-settings") {
        return answer("GET /client/notification-settings", {
          success: true,
          settings: notificationSettingsFixture(),
        });
      }
      if (url.pathname === "/api/client/user-profile") {
        return answer("GET /client/user-profile", { success: true, user: testUserAnswer() });
      }
      if (url.pathname.startsWith("/api/client/getUserProfile/")) {
        return answer("GET /client/getUserProfile/:id", { success: true, profile: testUserAnswer() });
      }
      // The device's own session and this one are already gone on the server.
      return apiError({ success: false, code: "invalid_refresh_token", error: "Sessione scaduta" }, 401);
    });
    const { router } = renderRoutes(
      [
        { element: <RequireAuth />, children: [{ path: "/settings", element: <SettingsRoute /> }] },
        { path: "/", element: <RouteNotice /> },
        { path: "/login", element: <p>login page</p> },
      ],
      { at: "/settings" },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Elimina account" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getByLabelText(/^Password attuale/), { target: { value: "Tavolo1!" } });
    fireEvent.click(dialog.getByRole("button", { name: "Elimina definitivamente" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("status")).toHaveTextContent(DELETED);
    expect(router.state.location.pathname).toBe("/");
    await waitFor(() => expect(storage.getString("auth_token")).toBeNull());
    expect(native.biometric.store.has(KEY)).toBe(false);
    const deletion = fetch.mock.calls.find(([input]) => String(input).endsWith("/api/client/account"));
    expect(JSON.parse(String(deletion?.[1]?.body))).toEqual({ password: "Tavolo1!" });
  });
});
