import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { RestaurantSummary } from "@tavolo/shared/restaurants";
import { renderRoutes } from "../../../test/render";
import { answer, mockFetch } from "../../../test/mock-api";
import SearchRoute from "./search";

const near = (n: number, distanceKm: number): RestaurantSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Osteria ${n}`,
  type: "osteria",
  city: "Milano",
  citySlug: "milano",
  address: `Via Brera ${n}, Milano`,
  phone: "+39 02 1234567",
  description: "",
  image: `/images/restaurants/pizza-${n}.svg`,
  imageUrl: `/images/restaurants/pizza-${n}.svg`,
  rating: 4,
  priceRange: 2,
  categories: ["italiano"],
  location: "45.46,9.19",
  lat: 45.46,
  lng: 9.19,
  distanceKm,
});

describe("/search with the position on and no city", () => {
  it("lists the restaurants around the diner, nearest first, instead of asking where", async () => {
    const fetch = mockFetch((url) => {
      if (url.pathname === "/api/client/searchRestaurantsByLocation")
        return answer("GET /client/searchRestaurantsByLocation", {
          success: true,
          city: null,
          restaurants: [near(1, 0.4), near(2, 1.25)],
          total: 2,
          page: 1,
          pageSize: 12,
        });
      if (url.pathname === "/api/client/getAllAvailableCities")
        return answer("GET /client/getAllAvailableCities", { success: true, cities: [] });
      return answer("GET /client/getAvailableLastMinute", { success: true, offers: [] });
    });
    vi.stubGlobal("navigator", {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 45.464211, longitude: 9.190015 } } as GeolocationPosition),
      },
    });
    renderRoutes([{ path: "/search", element: <SearchRoute /> }], { at: "/search" });
    expect(screen.getByRole("heading", { name: "Dove vuoi mangiare?" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Usa la mia posizione" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Ristoranti vicino a te" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Dove vuoi mangiare?" })).not.toBeInTheDocument();
    // The heading may come a render before the results (the session's first answer is a transition).
    expect(await screen.findByText("2 ristoranti entro 10 km da te, dal più vicino")).toBeInTheDocument();
    const cards = await screen.findAllByRole("article");
    expect(within(cards[0]!).getByRole("heading", { name: "Osteria 1" })).toBeInTheDocument();
    expect(within(cards[0]!).getByText("A 400 m da te")).toBeInTheDocument();
    expect(within(cards[1]!).getByText("A 1,3 km da te")).toBeInTheDocument();

    const search = fetch.mock.calls
      .map(([input]) => new URL(String(input), "http://x"))
      .find((url) => url.pathname === "/api/client/searchRestaurantsByLocation")!;
    expect(search.searchParams.get("location")).toBeNull();
    expect(search.searchParams.get("lat")).toBe("45.46421");
    expect(search.searchParams.get("lng")).toBe("9.19002");
    // One radius for the offers and the restaurants (decision 055).
    expect(search.searchParams.get("radius")).toBe("10");
    // Around the diner it is a search for a table too, and the order may be by distance.
    expect(search.searchParams.get("people")).toBe("2");
    expect(search.searchParams.get("time")).toMatch(/^\d\d:(00|15|30|45)$/);
    expect(
      within(screen.getByRole("combobox", { name: "Ordina per" })).getByRole("option", { name: "Distanza" }),
    ).toBeInTheDocument();

    // The slider reaches the restaurants too, and the offers: one radius, said once.
    fireEvent.change(screen.getByRole("slider", { name: /Raggio di ricerca/ }), { target: { value: "25" } });
    expect(await screen.findByText("2 ristoranti entro 25 km da te, dal più vicino")).toBeInTheDocument();
    const radii = (path: string) =>
      fetch.mock.calls
        .map(([input]) => new URL(String(input), "http://x"))
        .filter((url) => url.pathname === path)
        .map((url) => url.searchParams.get("radius"));
    expect(radii("/api/client/searchRestaurantsByLocation")).toEqual(["10", "25"]);
    expect(radii("/api/client/getAvailableLastMinute")).toEqual(["10", "25"]);

    // Turned off again: back to the question.
    fireEvent.click(screen.getByRole("button", { name: "Usa la mia posizione" }));
    expect(await screen.findByRole("heading", { name: "Dove vuoi mangiare?" })).toBeInTheDocument();
  });
});
