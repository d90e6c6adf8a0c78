import { describe, expect, it } from "vitest";
import { act, screen } from "@testing-library/react";
import { openEveryDay, reservationFixture, restaurantDetailFixture } from "../../../test/fixtures";
import { renderRoutes, signInAs } from "../../../test/render";
import { answer, apiError, mockFetch, answerSessionCheck } from "../../../test/mock-api";
import ReservationRoute from "./reservation";
import { eventually } from "../../../test/eventually";
import { addDays } from "@tavolo/shared/dates";
import { todayIn } from "../../lib/dates";

const ID = "11111111-1111-4111-8111-111111111111";
// Open every day, so any date the tests pick is bookable.
const restaurant = restaurantDetailFixture({
  id: ID,
  openingHours: openEveryDay(),
});
const mine = reservationFixture({
  id: "r-1",
  restaurant: { ...reservationFixture().restaurant, id: ID, name: "Osteria del Ponte" },
  date: "2099-06-12",
  time: "20:30",
  numberOfPeople: 4,
  tableNumber: 3,
  canCancel: true,
});
const started = reservationFixture({ ...mine, id: "r-2", canCancel: false });

/** `restaurantAnswer`: the restaurant's own answer, by default at once. */
function api(
  restaurantAnswer: () => Promise<Response> | Response = () =>
    answer("GET /client/getRestaurantById/:id", { success: true, restaurant }),
) {
  return mockFetch((url) => {
    const session = answerSessionCheck(url);
    if (session) return session;
    if (url.pathname === `/api/client/getRestaurantById/${ID}`) return restaurantAnswer();
    if (url.pathname.startsWith("/api/client/getUserReservations/"))
      return answer("GET /client/getUserReservations/:userId", { success: true, reservations: [mine, started] });
    if (url.pathname === `/api/client/getAvailableTables/${ID}`)
      return answer("GET /client/getAvailableTables/:id", {
        success: true,
        date: "2099-06-12",
        time: null,
        slots: [],
        tables: [],
      });
    return apiError({ success: false, error: "?", code: "not_found" }, 404);
  });
}

const render = (at: string) => {
  signInAs();
  return renderRoutes([{ path: "/reservation/:restaurantId", element: <ReservationRoute /> }], { at });
};

describe("/reservation in modify mode", () => {
  it("opens the form on the diner's booking and says which one is being moved", async () => {
    api();
    render(`/reservation/${ID}?modify=r-1`);
    expect(
      await screen.findByText(/Stai spostando la prenotazione di .* alle 20:30, 4 persone, tavolo 3/),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Modifica prenotazione");
    expect(await screen.findByLabelText(/^Data/)).toHaveValue("2099-06-12");
    expect(screen.getByRole("button", { name: "Salva la modifica" })).toBeInTheDocument();
  });

  it("once the move is saved, no longer says 'you are moving your booking of …' with the new time", async () => {
    let current = mine;
    mockFetch((url) => {
      const session = answerSessionCheck(url);
      if (session) return session;
      if (url.pathname === `/api/client/getRestaurantById/${ID}`)
        return answer("GET /client/getRestaurantById/:id", { success: true, restaurant });
      if (url.pathname.startsWith("/api/client/getUserReservations/"))
        return answer("GET /client/getUserReservations/:userId", { success: true, reservations: [current] });
      return answer("GET /client/getAvailableTables/:id", {
        success: true,
        date: "2099-06-12",
        time: null,
        slots: [],
        tables: [],
      });
    });
    const { client } = render(`/reservation/${ID}?modify=r-1`);
    expect(await screen.findByText(/Stai spostando la prenotazione di .* alle 20:30/)).toBeInTheDocument();
    // What a saved move leaves behind: the diner's list, refreshed, with the booking at its new time.
    current = { ...mine, time: "21:30" };
    await act(() => client.invalidateQueries());
    await eventually(() => expect(screen.queryByText(/Stai spostando la prenotazione/)).toBeNull());
  });

  it("refuses a booking that can no longer move, or is not the diner's, with the way back", async () => {
    api();
    render(`/reservation/${ID}?modify=r-2`);
    expect(
      await screen.findByRole("heading", { name: "Questa prenotazione non si può modificare" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna alle mie prenotazioni" })).toHaveAttribute("href", "/history");
    expect(screen.queryByRole("button", { name: "Salva la modifica" })).not.toBeInTheDocument();
  });
});

describe("/reservation opened by its link (decision 065)", () => {
  const tablesAsked = (fetch: ReturnType<typeof mockFetch>) =>
    fetch.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .filter((url) => url.pathname === `/api/client/getAvailableTables/${ID}`)
      .map((url) => url.search);

  it("asks the link's seating beside the restaurant, not once the restaurant has answered", async () => {
    const date = addDays(todayIn(), 1);
    // The restaurant never answers: whatever is asked was asked without it.
    const fetch = api(() => new Promise<Response>(() => {}));
    render(`/reservation/${ID}?date=${date}&time=20:00&people=3`);
    await eventually(() =>
      expect(tablesAsked(fetch)).toEqual([`?date=${date}&people=3`, `?date=${date}&time=20%3A00&people=3`]),
    );
  });

  it("leaves a day the form refuses to the form, which says so", async () => {
    const fetch = api();
    render(`/reservation/${ID}?date=2020-01-10&time=20:00&people=3`);
    expect(await screen.findByLabelText(/^Data/)).toHaveValue("2020-01-10");
    expect(tablesAsked(fetch)).toEqual([]);
  });
});
