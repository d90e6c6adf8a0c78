import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { storage } from "../../../lib/storage";
import { authUserFixture } from "../../../../test/fixtures";
import { renderAt, signInAs, testUser, Wrapper } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { useSession } from "./session-context";
import { dispatchProfileUpdated } from "./session-context";

function Probe() {
  const { status, user, ended, signOut } = useSession();
  return (
    <div>
      <p>status: {status}</p>
      <p>user: {user?.email ?? "none"}</p>
      <p>name: {user?.displayName ?? "none"}</p>
      <p>ended: {ended ?? "none"}</p>
      <button type="button" onClick={() => void signOut()}>
        logout
      </button>
    </div>
  );
}

const serverUser = authUserFixture();
const path = (call: unknown[]) => new URL(String(call[0]), "http://localhost").pathname;

describe("app start (SPEC §4)", () => {
  it("logs in with the saved token first: clears the flags, posts login-with-token, signs in", async () => {
    storage.setString("autoLogin", "true");
    storage.setString("autoLoginEmail", "giulia.rossi@example.com");
    storage.setString("autoLoginToken", "saved-token");
    const fetch = mockFetch((url) =>
      url.pathname === "/api/client/login-with-token"
        ? answer("POST /client/login-with-token", {
            success: true,
            token: "access-1",
            accessToken: "access-1",
            refreshToken: "refresh-1",
            user: serverUser,
          })
        : apiError({ success: false, error: "Risorsa non trovata", code: "not_found" }, 404),
    );
    renderAt(<Probe />);
    expect(screen.getByText("status: loading")).toBeInTheDocument();
    expect(await screen.findByText("status: signedIn")).toBeInTheDocument();
    expect(screen.getByText("user: giulia.rossi@example.com")).toBeInTheDocument();
    // The flags were cleared before the call, so a bad token is never tried twice.
    expect(storage.getString("autoLogin")).toBeNull();
    expect(storage.getString("autoLoginEmail")).toBeNull();
    expect(storage.getString("autoLoginToken")).toBeNull();
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/login-with-token"]);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({
      email: "giulia.rossi@example.com",
      token: "saved-token",
    });
    expect(storage.getString("auth_token")).toBe("access-1");
    expect(storage.getString("refresh_token")).toBe("refresh-1");
    expect(storage.getJson("currentUserDisplayInfo")).toMatchObject({ displayName: "Giulia Rossi" });
  });

  it("logs in once under StrictMode, whose second effect run finds the flags already spent", async () => {
    storage.setString("autoLogin", "true");
    storage.setString("autoLoginEmail", "giulia.rossi@example.com");
    storage.setString("autoLoginToken", "saved-token");
    const fetch = mockFetch(() =>
      answer("POST /client/login-with-token", {
        success: true,
        token: "access-1",
        accessToken: "access-1",
        refreshToken: "r",
        user: serverUser,
      }),
    );
    render(
      <StrictMode>
        <Wrapper client={new QueryClient()}>
          <Probe />
        </Wrapper>
      </StrictMode>,
    );
    expect(await screen.findByText("status: signedIn")).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("ignores the flags unless autoLogin is 'true' with an email and a token", async () => {
    storage.setString("autoLogin", "true");
    storage.setString("autoLoginToken", "saved-token");
    const fetch = mockFetch(() => apiError({ success: false, error: "Errore del server", code: "server_error" }, 500));
    renderAt(<Probe />);
    expect(await screen.findByText("status: signedOut")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(storage.getString("autoLoginToken")).toBe("saved-token");
  });

  it("falls back to the stored session when the token login fails, then validates it in the background", async () => {
    signInAs();
    storage.setString("autoLogin", "true");
    storage.setString("autoLoginEmail", "giulia.rossi@example.com");
    storage.setString("autoLoginToken", "used-token");
    const fetch = mockFetch((url) =>
      url.pathname === "/api/client/user-profile"
        ? answer("GET /client/user-profile", { success: true, user: serverUser })
        : apiError({ success: false, error: "Token di autenticazione non valido", code: "invalid_login_token" }, 401),
    );
    renderAt(<Probe />);
    expect(await screen.findByText("status: signedIn")).toBeInTheDocument();
    // The stored name first, then what the server says.
    expect(await screen.findByText("name: Giulia Rossi")).toBeInTheDocument();
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/login-with-token", "/api/client/user-profile"]);
    expect(storage.getJson("user")?.emailVerified).toBe(true);
  });

  it("signs out when the stored session is refused and cannot be refreshed", async () => {
    signInAs();
    storage.setString("refresh_token", "revoked");
    mockFetch(() => apiError({ success: false, error: "Sessione non valida", code: "invalid_refresh_token" }, 401));
    renderAt(<Probe />);
    expect(await screen.findByText("status: signedOut")).toBeInTheDocument();
    expect(screen.getByText("ended: expired")).toBeInTheDocument();
    expect(storage.getString("auth_token")).toBeNull();
  });

  it("re-reads the header info on profile-updated", async () => {
    signInAs();
    mockFetch(() => apiError({ success: false, error: "Servizio non disponibile", code: "service_unavailable" }, 503));
    renderAt(<Probe />);
    expect(await screen.findByText("name: Giulia R.")).toBeInTheDocument();
    storage.setJson("currentUserDisplayInfo", {
      displayName: "Giuly",
      email: testUser.email,
      timestamp: Date.now(),
    });
    act(() => dispatchProfileUpdated());
    expect(screen.getByText("name: Giuly")).toBeInTheDocument();
  });
});

describe("logout", () => {
  it("clears the session even when the server call fails", async () => {
    signInAs();
    storage.setString("refresh_token", "refresh-1");
    const fetch = mockFetch((url) =>
      url.pathname === "/api/client/logout"
        ? Promise.reject(new TypeError("offline"))
        : apiError({ success: false, error: "Servizio non disponibile", code: "service_unavailable" }, 503),
    );
    renderAt(<Probe />);
    fireEvent.click(await screen.findByRole("button", { name: "logout" }));
    expect(await screen.findByText("status: signedOut")).toBeInTheDocument();
    expect(screen.getByText("ended: logout")).toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.map(path)).toContain("/api/client/logout"));
    const logout = fetch.mock.calls.find((call) => path(call) === "/api/client/logout")!;
    expect(JSON.parse(String(logout[1]!.body))).toMatchObject({ refreshToken: "refresh-1" });
    expect(storage.getString("auth_token")).toBeNull();
    expect(storage.getString("refresh_token")).toBeNull();
    expect(storage.getJson("user")).toBeNull();
  });
});
