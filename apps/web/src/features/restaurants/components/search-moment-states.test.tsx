import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { SearchRestaurantsResponse } from "@tavolo/shared/restaurants";
import { milanoFixture, restaurantSummaryFixture } from "../../../../test/fixtures";
import { renderRoutes } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { SearchPage } from "./search-page";

type Result = SearchRestaurantsResponse["restaurants"][number];

/**
 * What a search for a table says when it cannot find a table for the reason the diner should hear
 * (decision 055): closed then, a moment already gone, a party no booking takes; and where its
 * results stand beside the offers.
 */
const free = (n: number): Result => ({ ...restaurantSummaryFixture(n), availableSlots: ["20:15", "20:30"] });
const closed = (n: number, nextOpening: Result["nextOpening"]): Result => ({
  ...restaurantSummaryFixture(n),
  availableSlots: [],
  nextOpening,
});

function api(restaurants: Result[]) {
  return mockFetch((url) => {
    if (url.pathname === "/api/client/getAllAvailableCities")
      return answer("GET /client/getAllAvailableCities", {
        success: true,
        cities: [{ ...milanoFixture, restaurantCount: 2 }],
      });
    if (url.pathname === "/api/client/searchRestaurantsByLocation") {
      if (url.searchParams.get("location") === "Milamo")
        return apiError({ success: false, error: "Città non trovata: Milamo", code: "city_not_found" }, 404);
      return answer("GET /client/searchRestaurantsByLocation", {
        success: true,
        city: milanoFixture,
        restaurants,
        total: restaurants.length,
        page: 1,
        pageSize: 12,
      });
    }
    return apiError({ success: false, error: "not here", code: "not_found" }, 404);
  });
}

const asked = (fetch: ReturnType<typeof api>, path: string) =>
  fetch.mock.calls.filter(([url]) => new URL(String(url), "http://x").pathname.includes(path));
/** The offers block as the route places it; it asks for offers as it mounts. */
const offersMounted = vi.fn();
function Offers() {
  offersMounted();
  return <p>Offerte in città</p>;
}
const render = (at: string) =>
  renderRoutes([{ path: "/search", element: <SearchPage offersSlot={<Offers />} /> }], { at });
const card = (name: string) => screen.getByRole("heading", { name }).closest("article")!;

/** Friday 27 November 2026, 22:50 in Rome. */
function atFridayNight() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-27T21:50:00Z"));
}

afterEach(() => {
  vi.useRealTimers();
  offersMounted.mockClear();
});

describe("/search: closed, past, out of range", () => {
  it("says a restaurant closed at the asked moment is closed, and when it opens next", async () => {
    atFridayNight();
    const fetch = api([
      free(1),
      closed(2, { date: "2026-11-28", time: "12:00" }),
      closed(3, { date: "2026-12-01", time: "19:00" }),
      closed(4, null),
    ]);
    render("/search?location=Milano&date=2026-11-27&time=23:30&people=2");
    await screen.findByRole("heading", { name: "Trattoria 2" });
    expect(within(card("Trattoria 2")).getByText("Chiuso a quest'ora.")).toBeInTheDocument();
    expect(within(card("Trattoria 2")).getByText("Apre domani alle 12:00.")).toBeInTheDocument();
    expect(within(card("Trattoria 2")).getByRole("link", { name: /^Vedi gli orari di quel giorno/ })).toHaveAttribute(
      "href",
      `/restaurants/${restaurantSummaryFixture(2).id}?date=2026-11-28&time=12%3A00&people=2`,
    );
    expect(within(card("Trattoria 3")).getByText("Apre martedì 1 dicembre alle 19:00.")).toBeInTheDocument();
    expect(within(card("Trattoria 4")).getByText("Non apre nei prossimi giorni.")).toBeInTheDocument();
    // Never "no free table" for a closed restaurant, and nothing more is asked about its day.
    expect(screen.queryByText(/Nessun tavolo libero/)).toBeNull();
    expect(asked(fetch, "getAvailableSlots")).toHaveLength(0);
  });

  it("says a past date is past, asks no card about it, and searches from now on request", async () => {
    atFridayNight();
    const fetch = api([free(1), { ...restaurantSummaryFixture(2), availableSlots: [] }]);
    const { router } = render("/search?location=Milano&date=2026-11-20&time=20:30&people=2");
    await screen.findByRole("heading", { name: "Trattoria 2" });
    expect(screen.getByRole("alert")).toHaveTextContent("Questa data è già passata");
    expect(screen.queryByText(/Nessun tavolo libero/)).toBeNull();
    expect(screen.queryByRole("link", { name: /^20:15/ })).toBeNull();
    expect(asked(fetch, "getAvailableSlots")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Cerca da adesso" }));
    // After 22:30 the next service is tomorrow's lunch (decision 040).
    await waitFor(() => expect(router.state.location.search).toContain("date=2026-11-28&time=13%3A00"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says so when a link's party is one no booking takes", async () => {
    api([free(1)]);
    render("/search?location=Milano&date=2026-12-04&time=20:30&people=40");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Il link chiedeva un tavolo per «40» persone, ma su Tavolo si prenota da 1 a 10 persone.",
    );
    expect(screen.getByRole("combobox", { name: /^Persone/ })).toHaveValue("2");
  });
});

describe("/search: results and offers", () => {
  const order = () =>
    screen
      .getAllByText(/^(Offerte in città|\d+ ristorant[ei] a Milano)$/)
      .map((element) => (element.textContent?.startsWith("Offerte") ? "offers" : "results"));

  it("puts the restaurants with free times first when the diner chose a time, the offers after", async () => {
    api([free(1)]);
    render("/search?location=Milano&date=2026-12-04&time=20:30&people=4");
    await screen.findByRole("heading", { name: "Trattoria 1" });
    expect(order()).toEqual(["results", "offers"]);
  });

  it("leads with the offers on a plain search of a city", async () => {
    api([free(1)]);
    render("/search?location=Milano");
    await screen.findByRole("heading", { name: "Trattoria 1" });
    expect(order()).toEqual(["offers", "results"]);
  });

  it("asks no offers for a city nobody knows, and puts its suggestions right under the search", async () => {
    api([]);
    render("/search?location=Milamo");
    expect(await screen.findByText("Città non trovata: Milamo")).toBeInTheDocument();
    expect(offersMounted).not.toHaveBeenCalled();
    // Nothing to refine for a city that does not exist: no date, time and party fields above it.
    expect(screen.queryByRole("combobox", { name: /^Persone/ })).toBeNull();
  });
});
