import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderRoutes, signInAs } from "../../test/render";
import { answer, apiError, mockFetch } from "../../test/mock-api";
import { routes } from "./router";

// A lazy route's first visit transforms its module graph in this worker: ~5 s alone, over the
// suite's 10 s wait (test/setup.ts) on a machine loaded at 25 (decision 047).
const lazyRoute = { timeout: 25_000 };

describe("router", () => {
  it("sends a visitor on a protected page to /login", async () => {
    mockFetch(() => answer("GET /client/getAllAvailableCities", { success: true, cities: [] }));
    const { router } = renderRoutes(routes, { at: "/favorites" });
    expect(await screen.findByRole("heading", { level: 1, name: "Accedi a Tavolo" }, lazyRoute)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("redirects /profile to /settings when signed in", async () => {
    signInAs();
    mockFetch(() => answer("GET /client/getAllAvailableCities", { success: true, cities: [] }));
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
    mockFetch(() => answer("GET /client/getAllAvailableCities", { success: true, cities: [] }));
    renderRoutes(routes, { at: "/favorites" });
    expect(await screen.findByRole("heading", { level: 1, name: "Preferiti" })).toBeInTheDocument();
    expect(
      screen.getAllByRole("link", { name: "Trova ristoranti" }).some((link) => link.getAttribute("href") === "/search"),
    ).toBe(true);
  });
});
