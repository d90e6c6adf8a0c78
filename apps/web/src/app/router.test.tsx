import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { json, mockFetch, renderRoutes, signInAs } from "../../test/render";
import { routes } from "./router";

describe("router", () => {
  it("sends a visitor on a protected page to /login", async () => {
    mockFetch(() => json({ success: true, cities: [] }));
    const { router } = renderRoutes(routes, { at: "/favorites" });
    expect(await screen.findByRole("heading", { level: 1, name: "Accedi a Tavolo" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("redirects /profile to /settings when signed in", async () => {
    signInAs();
    mockFetch(() => json({ success: true, cities: [] }));
    const { router } = renderRoutes(routes, { at: "/profile" });
    expect(await screen.findByRole("heading", { level: 1, name: "Profilo e impostazioni" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/settings");
  });

  it("registers the offer route under /lastminute and a 404 for the rest", async () => {
    mockFetch(() => json({ success: false, error: "Risorsa non trovata", code: "not_found" }, 404));
    const { router } = renderRoutes(routes, { at: "/lastminute/abc" });
    expect(await screen.findByRole("heading", { level: 1, name: "Offerta non trovata" })).toBeInTheDocument();
    await router.navigate("/no/such/page");
    expect(await screen.findByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeInTheDocument();
  });

  it("shows the signed-in favorites page with its prompt to find restaurants", async () => {
    signInAs();
    mockFetch(() => json({ success: true, cities: [] }));
    renderRoutes(routes, { at: "/favorites" });
    expect(await screen.findByRole("heading", { level: 1, name: "Preferiti" })).toBeInTheDocument();
    expect(
      screen.getAllByRole("link", { name: "Trova ristoranti" }).some((link) => link.getAttribute("href") === "/search"),
    ).toBe(true);
  });
});
