import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AvailableSlotsResponse, SearchRestaurantsResponse } from "@tavolo/shared/restaurants";
import { milanoFixture, restaurantSummaryFixture } from "../../../../test/fixtures";
import { renderRoutes } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { SearchPage } from "./search-page";
import { tableSearchFrom } from "./table-search-params";

type Result = SearchRestaurantsResponse["restaurants"][number];

const result = (n: number, availableSlots: string[]): Result => ({ ...restaurantSummaryFixture(n), availableSlots });

const milano = milanoFixture;

function api() {
  return mockFetch((url) => {
    if (url.pathname === "/api/client/getAllAvailableCities")
      return answer("GET /client/getAllAvailableCities", {
        success: true,
        cities: [{ ...milano, restaurantCount: 2 }],
      });
    if (url.pathname === "/api/client/searchRestaurantsByLocation") {
      const restaurants = [result(1, ["20:15", "20:30", "20:45"]), result(2, [])];
      return answer("GET /client/searchRestaurantsByLocation", {
        success: true,
        city: milano,
        restaurants,
        total: 2,
        page: 1,
        pageSize: 12,
      } satisfies SearchRestaurantsResponse);
    }
    if (url.pathname === `/api/client/getAvailableSlots/${result(2, []).id}`)
      return answer("GET /client/getAvailableSlots/:id", {
        success: true,
        date: url.searchParams.get("date")!,
        people: Number(url.searchParams.get("people")),
        slots: ["12:30", "19:00", "22:45", "23:00"],
      } satisfies AvailableSlotsResponse);
    return apiError({ success: false, error: "not here", code: "not_found" }, 404);
  });
}

const searches = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), "http://x"))
    .filter((url) => url.pathname.endsWith("searchRestaurantsByLocation"))
    .map((url) => url.searchParams);
const render = (at: string) => renderRoutes([{ path: "/search", element: <SearchPage /> }], { at });
const card = (name: string) => screen.getByRole("heading", { name }).closest("article")!;

afterEach(() => vi.useRealTimers());

describe("/search as a search for a table", () => {
  it("asks for the URL's date, time and party, and each free time opens the form filled in", async () => {
    const fetch = api();
    render("/search?location=Milano&date=2026-12-04&time=20:30&people=4");
    await screen.findByRole("heading", { name: "Trattoria 1" });
    const sent = searches(fetch)[0]!;
    expect([sent.get("date"), sent.get("time"), sent.get("people"), sent.get("sort")]).toEqual([
      "2026-12-04",
      "20:30",
      "4",
      null,
    ]);
    const slots = within(card("Trattoria 1")).getByRole("list", { name: "Orari liberi per 4 persone" });
    expect(
      within(slots)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "20:15 da Trattoria 1, per 4 persone",
      "20:30 da Trattoria 1, per 4 persone",
      "20:45 da Trattoria 1, per 4 persone",
    ]);
    expect(within(slots).getByRole("link", { name: /^20:30/ })).toHaveAttribute(
      "href",
      `/reservation/${result(1, []).id}?date=2026-12-04&time=20%3A30&people=4`,
    );
    expect(screen.getByLabelText(/^Data/)).toHaveValue("2026-12-04");
    expect(screen.getByRole("combobox", { name: /^Orario/ })).toHaveValue("20:30");
    expect(screen.getByRole("combobox", { name: /^Persone/ })).toHaveValue("4");
  });

  it("says when a card has no free time, and offers the restaurant's next one that day", async () => {
    api();
    render("/search?location=Milano&date=2026-12-04&time=20:30&people=4");
    await screen.findByRole("heading", { name: "Trattoria 2" });
    const empty = card("Trattoria 2");
    expect(within(empty).getByText("Nessun tavolo libero per 4 persone intorno alle 20:30.")).toBeInTheDocument();
    // 12:30 and 19:00 are earlier: the next free time is the first one after 20:30.
    const next = await within(empty).findByRole("link", { name: /^22:45/ });
    expect(next).toHaveAttribute("href", `/reservation/${result(2, []).id}?date=2026-12-04&time=22%3A45&people=4`);
    // Or the waitlist, asked on the restaurant's page for the same moment and party (decision 029).
    expect(within(empty).getByRole("link", { name: /^Avvisami se si libera un tavolo/ })).toHaveAttribute(
      "href",
      `/restaurants/${result(2, []).id}?date=2026-12-04&time=20%3A30&people=4`,
    );
  });

  it("defaults to today at the next quarter hour for two, on Rome's clock", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 10:07 UTC is 12:07 in Rome in June.
    vi.setSystemTime(new Date("2026-06-11T10:07:00Z"));
    const fetch = api();
    render("/search?location=Milano");
    await screen.findByRole("heading", { name: "Trattoria 1" });
    const sent = searches(fetch)[0]!;
    expect([sent.get("date"), sent.get("time"), sent.get("people")]).toEqual(["2026-06-11", "12:15", "2"]);
  });

  it("keeps a new party and a new order in the URL and searches again with them", async () => {
    const fetch = api();
    const { router } = render("/search?location=Milano&date=2026-12-04&time=20:30&people=4");
    await screen.findByRole("heading", { name: "Trattoria 1" });
    fireEvent.change(screen.getByRole("combobox", { name: /^Persone/ }), { target: { value: "6" } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("people")).toBe("6"));
    await waitFor(() => expect(searches(fetch).some((query) => query.get("people") === "6")).toBe(true));

    const sort = screen.getByRole("combobox", { name: "Ordina per" });
    // Without the diner's position there is nothing to be near.
    expect(within(sort).queryByRole("option", { name: "Distanza" })).not.toBeInTheDocument();
    fireEvent.change(sort, { target: { value: "soonest" } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("sort")).toBe("soonest"));
    await waitFor(() => expect(searches(fetch).some((query) => query.get("sort") === "soonest")).toBe(true));
    expect(new URLSearchParams(router.state.location.search).get("location")).toBe("Milano");
  });

  it("keeps each of two quick changes, made before the first has rendered", async () => {
    api();
    const { router } = render("/search?location=Milano");
    await screen.findByRole("heading", { name: "Trattoria 1" });
    // Outside act(), as a browser delivers them: the navigation of the first renders in a
    // transition, after the second change has come from fields that had not seen it.
    const choose = (name: RegExp, value: string) => {
      const select = screen.getByRole<HTMLSelectElement>("combobox", { name });
      select.value = value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    };
    choose(/^Orario/, "20:30");
    choose(/^Persone/, "4");
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("people")).toBe("4"));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get("time")).toBe("20:30");
    // What the diner did not touch is pinned as it was shown, in the URL's own order.
    expect([...query.keys()]).toEqual(["location", "date", "time", "people"]);
  });
});

describe("tableSearchFrom", () => {
  const now = new Date("2026-11-25T19:40:00Z"); // 20:40 in Rome

  it("takes the URL's values when they are whole", () => {
    expect(tableSearchFrom(new URLSearchParams("date=2026-11-26&time=21:00&people=4&sort=rating"), now)).toEqual({
      table: { date: "2026-11-26", time: "21:00", people: 4 },
      sort: "rating",
    });
  });

  it("replaces what is missing or malformed by the defaults, never by a request the server refuses", () => {
    expect(tableSearchFrom(new URLSearchParams("date=26/11&time=21:07&people=0&sort=cheapest"), now)).toEqual({
      table: { date: "2026-11-25", time: "20:45", people: 2 },
      sort: "relevance",
    });
  });
});
