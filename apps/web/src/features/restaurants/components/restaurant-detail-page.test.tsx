import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { paths } from "../../../config/paths";
import i18n from "../../../i18n/i18n";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import { restaurantDetailFixture } from "../../../../test/fixtures";
import { renderRoutes } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import type { TableQuery } from "../api/table-search";
import { RestaurantDetailPage } from "./restaurant-detail-page";

const ID = "11111111-1111-4111-8111-111111111111";

const detail = (extra: Partial<RestaurantDetail> = {}) => restaurantDetailFixture({ id: ID, ...extra });

const tables = [
  { id: "t1", number: 1, capacity: 2, isAvailable: true },
  { id: "t2", number: 2, capacity: 4, isAvailable: false },
  { id: "t3", number: 3, capacity: 6, isAvailable: true },
];

/** The next seating still to come that the fake server describes (null: the day's service is over). */
let seatingLeft: string | null = "12:15";

function api(restaurant: RestaurantDetail | null) {
  return mockFetch((url) => {
    if (url.pathname === `/api/client/getRestaurantById/${ID}`) {
      return restaurant
        ? answer("GET /client/getRestaurantById/:id", { success: true, restaurant })
        : apiError({ success: false, error: "Ristorante non trovato", code: "restaurant_not_found" }, 404);
    }
    if (url.pathname === `/api/client/getAvailableTables/${ID}`) {
      // As the server answers: the asked time, else the next seating still to come (decision 035).
      const time = url.searchParams.get("time") ?? seatingLeft;
      return answer("GET /client/getAvailableTables/:id", {
        success: true,
        date: url.searchParams.get("date")!,
        time,
        slots: [],
        tables,
      });
    }
    return apiError({ success: false, error: "?", code: "not_found" }, 404);
  });
}

/** Wednesday 11 June 2025, 12:00 in Rome (10:00 UTC). */
function atWednesdayNoon() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2025-06-11T10:00:00Z"));
}

/** The address the page's link had: "?date=…&people=…" (the page reads the party's spelling from it). */
const render = (backTo?: string, asked?: Partial<TableQuery>, search = "") =>
  renderRoutes(
    [
      {
        path: "/restaurants/:id",
        element: (
          <RestaurantDetailPage
            id={ID}
            reserveLink={(query) => ({ to: paths.login({ next: paths.reservation(ID, query) }) })}
            backTo={backTo}
            asked={asked}
          />
        ),
      },
    ],
    { at: `/restaurants/${ID}${search}` },
  );

describe("RestaurantDetailPage", () => {
  it("shows the details, today's hours in the restaurant's zone and the weekly table", async () => {
    atWednesdayNoon();
    api(detail());
    render();
    expect(await screen.findByRole("heading", { level: 1, name: "Osteria del Ponte" })).toBeInTheDocument();
    expect(screen.getByText("Cucina milanese di stagione sul Naviglio.")).toBeInTheDocument();
    expect(screen.getByTestId("hours-today")).toHaveTextContent("12:00 – 22:30");
    expect(screen.getByText("Aperto ora")).toBeInTheDocument();
    const week = screen.getByRole("table", { name: "Orari di apertura" });
    const today = within(week).getByRole("row", { current: "date" });
    expect(today).toHaveTextContent("Mercoledì");
    expect(within(week).getByRole("row", { name: /Lunedì/ })).toHaveTextContent("Chiuso");
    expect(screen.getByRole("link", { name: /^Apri in Mappe/ })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=45.45,9.17",
    );
    expect(screen.getByRole("link", { name: "+39 02 8940 1234" })).toHaveAttribute("href", "tel:+390289401234");
    expect(screen.getByText("40 coperti")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Prenota un tavolo" })).toHaveAttribute(
      "href",
      paths.login({ next: `/reservation/${ID}?date=2025-06-11&people=2` }),
    );
  });

  it("books the day and party chosen in «Quando venite?», and writes them into the page's own address", async () => {
    atWednesdayNoon();
    api(detail());
    render(undefined, { date: "2025-06-12", time: "20:30", people: 4 }, "?date=2025-06-12&time=20%3A30&people=4");
    const reserve = await screen.findByRole("link", { name: "Prenota un tavolo" });
    // The link's day, time and party go on to the form.
    expect(reserve).toHaveAttribute(
      "href",
      paths.login({ next: `/reservation/${ID}?date=2025-06-12&time=20%3A30&people=4` }),
    );
    fireEvent.change(screen.getByRole("combobox", { name: /^Persone/ }), { target: { value: "6" } });
    expect(reserve).toHaveAttribute(
      "href",
      paths.login({ next: `/reservation/${ID}?date=2025-06-12&time=20%3A30&people=6` }),
    );
    // Another day: the link's time was for its own day only.
    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: "2025-06-14" } });
    expect(reserve).toHaveAttribute("href", paths.login({ next: `/reservation/${ID}?date=2025-06-14&people=6` }));
    // Shared from the address bar, the page asks the same again.
    expect(new URLSearchParams(window.location.search).toString()).toBe("date=2025-06-14&people=6");
  });

  it("says so when a link's party is one no booking takes, instead of quietly asking for two", async () => {
    atWednesdayNoon();
    api(detail());
    render(undefined, { date: "2025-06-12" }, "?date=2025-06-12&people=14");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Il link chiedeva un tavolo per «14» persone, ma su Tavolo si prenota da 1 a 10 persone. Qui sotto trovi gli orari per 2 persone",
    );
    fireEvent.change(screen.getByRole("combobox", { name: /^Persone/ }), { target: { value: "3" } });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says closed today when today's slot is null", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-09T18:00:00Z")); // a Monday
    api(detail());
    render();
    expect(await screen.findByTestId("hours-today")).toHaveTextContent("Chiuso oggi");
    expect(within(screen.getByRole("table")).getByRole("row", { current: "date" })).toHaveTextContent("Lunedì");
  });

  it("lists today's tables with capacity and availability, asked for today's date in Rome", async () => {
    atWednesdayNoon();
    const fetch = api(detail());
    render();
    const cells = await screen.findAllByTestId("table");
    expect(cells.map((cell) => cell.textContent)).toEqual([
      "Tavolo 1" + "2 posti" + "Libero",
      "Tavolo 2" + "4 posti" + "Occupato",
      "Tavolo 3" + "6 posti" + "Libero",
    ]);
    expect(screen.getByText("2 tavoli liberi su 3")).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).includes("getAvailableTables"))!;
    expect(new URL(String(call[0]), "http://x").searchParams.get("date")).toBe("2025-06-11");
  });

  it("names the moment its tables are at: the next seating, or the time the link asked for today", async () => {
    atWednesdayNoon();
    const fetch = api(detail());
    const { unmount } = render();
    expect(await screen.findByRole("heading", { level: 2, name: "Tavoli di oggi alle 12:15" })).toBeInTheDocument();
    expect(await screen.findAllByTestId("table")).toHaveLength(3);
    await act(() => i18n.changeLanguage("en"));
    expect(await screen.findByRole("heading", { level: 2, name: "Today's tables at 12:15" })).toBeInTheDocument();
    unmount();

    // A search card's link for tonight at 20:30: the tables at 20:30, not the next seating.
    fetch.mockClear();
    const asked = render(undefined, { date: "2025-06-11", time: "20:30", people: 2 });
    expect(await screen.findByRole("heading", { level: 2, name: "Today's tables at 20:30" })).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).includes("getAvailableTables"))!;
    expect(new URL(String(call[0]), "http://x").searchParams.get("time")).toBe("20:30");
    asked.unmount();
  });

  it("says the day's seatings are over instead of listing every table as taken", async () => {
    atWednesdayNoon();
    seatingLeft = null;
    api(detail());
    render();
    expect(
      await screen.findByText("Per oggi i turni sono finiti: scegli un altro giorno per prenotare."),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Tavoli di oggi" })).toBeInTheDocument();
    expect(screen.queryAllByTestId("table")).toEqual([]);
    seatingLeft = "12:15";
  });

  it("leads back to the results it came from, else to its city's restaurants (a shared link)", async () => {
    api(detail());
    const { unmount } = render("/search?location=Milano&category=pizza");
    await screen.findByRole("heading", { level: 1, name: "Osteria del Ponte" });
    expect(screen.getByRole("link", { name: "Torna ai risultati" })).toHaveAttribute(
      "href",
      "/search?location=Milano&category=pizza",
    );
    unmount();
    render();
    await screen.findByRole("heading", { level: 1, name: "Osteria del Ponte" });
    expect(screen.queryByRole("link", { name: "Torna ai risultati" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Altri ristoranti a Milano" })).toHaveAttribute(
      "href",
      "/search?location=Milano",
    );
  });

  it("shows the not-found state for an unknown restaurant", async () => {
    api(null);
    render();
    expect(await screen.findByRole("heading", { level: 1, name: "Ristorante non trovato" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Cerca altri ristoranti" })).toHaveAttribute("href", "/search");
    expect(screen.queryByRole("button", { name: "Riprova" })).not.toBeInTheDocument();
  });

  it("shows the load error with a retry when the server fails", async () => {
    mockFetch(() =>
      apiError({ success: false, error: "Si è verificato un errore. Riprova più tardi.", code: "internal" }, 500),
    );
    render();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Impossibile caricare i dettagli del ristorante" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Riprova" })).toBeInTheDocument();
  });
});
