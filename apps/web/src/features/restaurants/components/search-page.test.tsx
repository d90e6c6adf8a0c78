import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { milanoFixture, restaurantSummaryFixture } from "../../../../test/fixtures";
import { renderRoutes } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import i18n from "../../../i18n/i18n";
import { SearchPage } from "./search-page";

const restaurant = restaurantSummaryFixture;

const milano = milanoFixture;

function api() {
  return mockFetch((url) => {
    if (url.pathname === "/api/client/getAllAvailableCities")
      return answer("GET /client/getAllAvailableCities", {
        success: true,
        cities: [{ ...milano, restaurantCount: 120 }],
      });
    if (url.pathname === "/api/client/searchRestaurantsByLocation") {
      const location = url.searchParams.get("location");
      if (location === "Atlantide" || location === "Milnao")
        return apiError(
          { success: false, error: `Non conosciamo ancora la città «${location}»`, code: "city_not_found" },
          404,
        );
      if (location === "Ancona")
        return answer("GET /client/searchRestaurantsByLocation", {
          success: true,
          city: { ...milano, slug: "ancona", name: "Ancona", nameIt: "Ancona", nameEn: "Ancona" },
          restaurants: [restaurant(1)],
          total: 1,
          page: 1,
          pageSize: 12,
        });
      const category = url.searchParams.get("category");
      const list =
        category === "sushi" ? [] : [restaurant(1), restaurant(2, { name: "Pizzeria Da Gino", categories: ["pizza"] })];
      return answer("GET /client/searchRestaurantsByLocation", {
        success: true,
        city: milano,
        restaurants: list,
        total: list.length,
        page: 1,
        pageSize: 12,
      });
    }
    return apiError({ success: false, error: "not here", code: "not_found" }, 404);
  });
}

const searchCalls = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes("searchRestaurantsByLocation"));
const render = (at: string) => renderRoutes([{ path: "/search", element: <SearchPage /> }], { at });

describe("SearchPage", () => {
  it("requires a city: shows errors.cityRequired and sends no search", async () => {
    const fetch = api();
    render("/search");
    fireEvent.click(screen.getByRole("button", { name: "Cerca" }));
    expect(await screen.findByText("Inserisci una città")).toBeInTheDocument();
    expect(screen.getByLabelText(/Città/)).toHaveAttribute("aria-invalid", "true");
    expect(searchCalls(fetch)).toHaveLength(0);
  });

  it("renders result cards for the city and category in the URL", async () => {
    const fetch = api();
    render("/search?location=milano&category=pizza");
    expect(await screen.findByRole("heading", { name: "Trattoria 1" })).toBeInTheDocument();
    const card = screen.getByRole("heading", { name: "Pizzeria Da Gino" }).closest("article")!;
    expect(within(card).getByRole("link", { name: "Pizzeria Da Gino" })).toHaveAttribute(
      "href",
      // The search's moment and party go with it: the restaurant's picker opens on them.
      expect.stringMatching(
        /^\/restaurants\/00000000-0000-4000-8000-000000000002\?date=[\d-]{10}&time=\d\d%3A\d\d&people=2$/,
      ),
    );
    expect(within(card).getByText("Pizza")).toBeInTheDocument();
    expect(within(card).getByText("Via Roma 2, Milano")).toBeInTheDocument();
    expect(within(card).getByText("Valutazione 4,5 su 5")).toBeInTheDocument();
    const image = card.querySelector("img")!;
    expect(image).toHaveAttribute("src", "/images/restaurants/pizza-2.svg");
    expect(image).toHaveAttribute("width", "640");
    expect(screen.getByText("2 ristoranti a Milano")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Pizza" })).toBeChecked();
    const url = new URL(String(searchCalls(fetch)[0]![0]), "http://x");
    expect(url.searchParams.get("location")).toBe("milano");
    expect(url.searchParams.get("category")).toBe("pizza");
  });

  it("keeps the URL in sync both ways", async () => {
    api();
    const { router } = render("/search");
    fireEvent.change(screen.getByLabelText(/Città/), { target: { value: "Milano" } });
    fireEvent.click(screen.getByRole("button", { name: "Cerca" }));
    await screen.findByRole("heading", { name: "Trattoria 1" });
    expect(router.state.location.search).toBe("?location=Milano");

    fireEvent.click(screen.getByRole("radio", { name: "Sushi" }));
    expect(await screen.findByText("Nessun ristorante trovato")).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get("category")).toBe("sushi");

    // Back restores the previous search, field and filter included.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole("heading", { name: "Trattoria 1" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Tutte" })).toBeChecked();

    await act(() => router.navigate("/search?location=Roma"));
    expect(screen.getByLabelText(/Città/)).toHaveValue("Roma");
  });

  it("shows the server's message for an unknown city once, never titling the page with it", async () => {
    api();
    render("/search?location=Atlantide");
    expect(await screen.findByRole("heading", { name: "Città non trovata" })).toBeInTheDocument();
    expect(screen.getAllByText("Non conosciamo ancora la città «Atlantide»")).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Trova un ristorante");
    expect(document.title).not.toMatch(/Atlantide/);
    // Nothing near it: the popular cities instead.
    expect(screen.getByText("Prova una di queste città:")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Milano" })).toBeInTheDocument();
  });

  it("suggests the nearest known city for a typo, in the page's language", async () => {
    api();
    const { router } = renderRoutes([{ path: "/search", element: <SearchPage offersSlot={<p>offerte qui</p>} /> }], {
      at: "/search?location=Milnao&category=pizza",
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Forse cercavi Milano?");
    // The unknown city is said once: the offers block does not repeat it.
    expect(screen.queryByText("offerte qui")).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole("link", { name: "Milano" }));
    expect(new URLSearchParams(router.state.location.search).get("location")).toBe("Milano");
    expect(new URLSearchParams(router.state.location.search).get("category")).toBe("pizza");
    expect(await screen.findByRole("heading", { name: "Trattoria 1" })).toBeInTheDocument();
    expect(screen.getByText("offerte qui")).toBeInTheDocument();

    await act(() => i18n.changeLanguage("en"));
    await act(() => router.navigate("/search?location=Milnao"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Did you mean Milan?");
  });

  it("says 'ad' before a vowel in Italian", async () => {
    api();
    render("/search?location=Ancona");
    expect(await screen.findByRole("heading", { level: 1, name: "Ristoranti ad Ancona" })).toBeInTheDocument();
    expect(screen.getByText("1 ristorante ad Ancona")).toBeInTheDocument();
  });

  it("shows the network error with a retry", async () => {
    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    render("/search?location=Milano");
    expect(await screen.findByRole("heading", { name: "Ricerca non riuscita" })).toBeInTheDocument();
    expect(screen.getByText("Errore di rete: controlla la connessione e riprova.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Riprova" })).toBeInTheDocument();
  });
});
