import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { storage } from "../../../lib/storage";
import { testUserAnswer } from "../../../../test/fixtures";
import { renderRoutes, testUser } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { GoogleCallbackPage } from "./google-callback-page";

const render = (at: string) =>
  renderRoutes(
    [
      {
        path: "/auth/google/callback",
        element: (
          <StrictMode>
            <GoogleCallbackPage />
          </StrictMode>
        ),
      },
      { path: "/", element: <p>home page</p> },
    ],
    { at },
  );

const path = (call: unknown[]) => new URL(String(call[0]), "http://localhost").pathname;

describe("GoogleCallbackPage", () => {
  it("exchanges the one-time code once (even in StrictMode), stores the session and goes home", async () => {
    const fetch = mockFetch(() =>
      answer("POST /auth/google/code", {
        success: true,
        token: "access-g",
        accessToken: "access-g",
        refreshToken: "refresh-g",
        user: testUserAnswer(),
      }),
    );
    const { router } = render("/auth/google/callback?code=one-time-code");
    expect(screen.getByText("Accesso con Google in corso…")).toBeInTheDocument();
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(fetch.mock.calls.map(path)).toEqual(["/api/auth/google/code"]);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({ code: "one-time-code" });
    expect(storage.getString("auth_token")).toBe("access-g");
    expect(storage.getString("refresh_token")).toBe("refresh-g");
    expect(storage.getJson("user")?.email).toBe(testUser.email);
  });

  it("with token and userId fetches the profile with that token, then signs in", async () => {
    const fetch = mockFetch(() =>
      answer("GET /client/getUserProfile/:id", { success: true, profile: testUserAnswer({ authProvider: "google" }) }),
    );
    render(`/auth/google/callback?token=access-t&userId=${testUser.id}`);
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(fetch.mock.calls.map(path)).toEqual([`/api/client/getUserProfile/${testUser.id}`]);
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get("Authorization")).toBe("Bearer access-t");
    expect(storage.getString("auth_token")).toBe("access-t");
    expect(storage.getJson("user")?.authProvider).toBe("google");
  });

  it("shows the message the server sent back", () => {
    const fetch = mockFetch(() => offContract({}));
    render("/auth/google/callback?message=Accesso%20con%20Google%20non%20riuscito.%20Riprova.");
    expect(screen.getByRole("heading", { name: "Accesso non completato" })).toBeInTheDocument();
    expect(screen.getByText("Accesso con Google non riuscito. Riprova.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna all'accesso" })).toHaveAttribute("href", "/login");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's error when the code is refused, and stores nothing", async () => {
    mockFetch(() =>
      apiError(
        { success: false, error: "Codice di accesso Google non valido o scaduto", code: "google_code_invalid" },
        400,
      ),
    );
    render("/auth/google/callback?code=spent");
    expect(await screen.findByText("Codice di accesso Google non valido o scaduto")).toBeInTheDocument();
    expect(storage.getString("auth_token")).toBeNull();
  });

  it("without anything to use says Google sign-in failed", () => {
    render("/auth/google/callback");
    expect(screen.getByText("Accesso con Google non riuscito. Riprova.")).toBeInTheDocument();
  });
});
