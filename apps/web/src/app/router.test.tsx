import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderRoutes, signInAs } from "../../test/render";
import { notificationSettingsFixture, testUserAnswer } from "../../test/fixtures";
import { answer, answerSessionCheck, apiError, mockFetch } from "../../test/mock-api";
import { routes } from "./router";

// A lazy route's first visit transforms its module graph in this worker: ~5 s alone, over the
// suite's 10 s wait (test/setup.ts) on a machine loaded at 25 (decision 047).
const lazyRoute = { timeout: 25_000 };

/** What the signed-in pages here ask: the session check, the profile and its settings, the favorites. */
function signedInApi(url: URL): Response {
  const user = testUserAnswer();
  if (url.pathname === `/api/client/getUserProfile/${user.id}`)
    return answer("GET /client/getUserProfile/:id", { success: true, profile: user });
  if (url.pathname === "/api/client/notification-settings")
    return answer("GET /client/notification-settings", { success: true, settings: notificationSettingsFixture() });
  if (url.pathname === "/api/client/favorites")
    return answer("GET /client/favorites", { success: true, favorites: [] });
  return answerSessionCheck(url, user) ?? answer("GET /client/getAllAvailableCities", { success: true, cities: [] });
}

describe("router", () => {
  it("sends a visitor on a protected page to /login", async () => {
    mockFetch(() => answer("GET /client/getAllAvailableCities", { success: true, cities: [] }));
    const { router } = renderRoutes(routes, { at: "/favorites" });
    expect(await screen.findByRole("heading", { level: 1, name: "Accedi a Tavolo" }, lazyRoute)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("redirects /profile to /settings when signed in", async () => {
    signInAs();
    mockFetch(signedInApi);
    const { router } = renderRoutes(routes, { at: "/profile" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Profilo e impostazioni" }, lazyRoute),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/settings");
  });

  it("registers the offer route under /lastminute and a 404 for the rest", async () => {
    mockFetch(() => apiError({ success: false, error: "Risorsa non trovata", code: "not_found" }, 404));
    const { router } = renderRoutes(routes, { at: "/lastminute/abc" });
    expect(await screen.findByRole("heading", { level: 1, name: "Offerta non trovata" })).toBeInTheDocument();
    await router.navigate("/no/such/page");
    expect(await screen.findByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeInTheDocument();
  });

  it("shows the signed-in favorites page with its prompt to find restaurants", async () => {
    signInAs();
    mockFetch(signedInApi);
    renderRoutes(routes, { at: "/favorites" });
    expect(await screen.findByRole("heading", { level: 1, name: "Preferiti" })).toBeInTheDocument();
    expect(
      screen.getAllByRole("link", { name: "Trova ristoranti" }).some((link) => link.getAttribute("href") === "/search"),
    ).toBe(true);
  });
});
