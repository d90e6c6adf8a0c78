import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import type { WaitlistEntry } from "@tavolo/shared/waitlist";
import { openEveryDay, restaurantDetailFixture } from "../../test/fixtures";
import { renderRoutes, signInAs } from "../../test/render";
import { answer, apiError, mockFetch } from "../../test/mock-api";
import HomeRoute from "./routes/home";
import RestaurantRoute from "./routes/restaurant";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const HERE = "11111111-1111-4111-8111-111111111111";
const ELSEWHERE = "22222222-2222-4222-8222-222222222222";
const heldAt = (restaurantId: string, restaurantName: string, id: string): WaitlistEntry => ({
  id: `e-${id}`,
  kind: "table",
  restaurantId,
  restaurantName,
  lastMinuteId: null,
  date: "2099-06-12",
  timeFrom: "20:00",
  timeTo: "20:00",
  people: 2,
  status: "held",
  position: null,
  createdAt: "2099-06-11T10:00:00.000Z",
  hold: {
    id: `h-${id}`,
    restaurantId,
    restaurantName,
    date: "2099-06-12",
    time: "20:00",
    people: 2,
    tableNumber: 4,
    lastMinuteId: null,
    expiresAt: "2099-06-12T18:10:00.000Z",
  },
});
const entries = [heldAt(HERE, "Osteria del Ponte", "1"), heldAt(ELSEWHERE, "Trattoria da Renato", "2")];

function api() {
  return mockFetch((url) => {
    if (url.pathname === "/api/client/waitlist") return answer("GET /client/waitlist", { success: true, entries });
    if (url.pathname === `/api/client/getRestaurantById/${HERE}`)
      return answer("GET /client/getRestaurantById/:id", {
        success: true,
        restaurant: restaurantDetailFixture({ id: HERE, name: "Osteria del Ponte", openingHours: openEveryDay() }),
      });
    if (url.pathname.startsWith("/api/client/getUserReservations/"))
      return answer("GET /client/getUserReservations/:userId", { success: true, reservations: [] });
    return apiError({ success: false, error: "?", code: "not_found" }, 404);
  });
}

describe("a table held for the diner", () => {
  it("shows on Home, every one of them, with Conferma", async () => {
    api();
    signInAs();
    renderRoutes([{ path: "/", element: <HomeRoute /> }]);
    expect(await screen.findAllByRole("heading", { name: "Un tavolo è tenuto per te!" })).toHaveLength(2);
    expect(screen.getByText(/Osteria del Ponte, .* alle 20:00, 2 persone/)).toBeInTheDocument();
    expect(screen.getByText(/Trattoria da Renato/)).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Conferma" })).toHaveLength(2);
  });

  it("shows on its restaurant's page, and only that restaurant's", async () => {
    api();
    signInAs();
    renderRoutes([{ path: "/restaurant/:id", element: <RestaurantRoute /> }], { at: `/restaurant/${HERE}` });
    expect(await screen.findByRole("heading", { name: "Un tavolo è tenuto per te!" })).toBeInTheDocument();
    expect(screen.getByText(/Osteria del Ponte, .* alle 20:00, 2 persone/)).toBeInTheDocument();
    expect(screen.queryByText(/Trattoria da Renato/)).toBeNull();
  });

  it("asks nothing of a visitor", async () => {
    const fetch = api();
    renderRoutes([{ path: "/", element: <HomeRoute /> }]);
    await screen.findByRole("heading", { level: 1 });
    expect(fetch.mock.calls.some(([url]) => String(url).includes("/waitlist"))).toBe(false);
    expect(screen.queryByRole("heading", { name: "Un tavolo è tenuto per te!" })).toBeNull();
  });
});
