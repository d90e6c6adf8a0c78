import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import type { Table } from "@tavolo/shared/restaurants";
import { openEveryDay, reservationFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { askedTable, type AskedTable } from "@tavolo/shared/page-query";
import { ReservationForm, type BookableRestaurant } from "./reservation-form";

const ID = "11111111-1111-4111-8111-111111111111";
const restaurant: BookableRestaurant = {
  id: ID,
  name: "Osteria del Ponte",
  timeZone: "Europe/Rome",
  openingHours: openEveryDay(),
};
const table = (id: string, number: number, capacity: number): Table => ({ id, number, capacity, isAvailable: true });

/** The booking being moved: Thursday 12 June 2025, 20:30, four people, table 3. */
const booking = reservationFixture({
  id: "r-9",
  restaurant: { ...reservationFixture().restaurant, id: ID, name: "Osteria del Ponte" },
  date: "2025-06-12",
  time: "20:30",
  numberOfPeople: 4,
  tableId: "t3",
  tableNumber: 3,
  canCancel: true,
  specialRequests: "Seggiolone",
});

afterEach(() => vi.useRealTimers());

function api(move?: (body: Record<string, unknown>) => Response) {
  return mockFetch((url, init) => {
    // The booking form asks getAvailableTables; moving r-9, the form asks where r-9 could move.
    if ([`/api/client/getAvailableTables/${ID}`, "/api/client/getAvailableTablesForMove/r-9"].includes(url.pathname)) {
      // Two tables seat four; the smaller one is listed last, so the order is the form's own.
      return answer(
        url.pathname.includes("ForMove")
          ? "GET /client/getAvailableTablesForMove/:id"
          : "GET /client/getAvailableTables/:id",
        {
          success: true,
          date: url.searchParams.get("date")!,
          time: url.searchParams.get("time"),
          slots: ["20:30", "21:00"],
          tables: [table("t8", 8, 8), table("t2", 2, 2), table("t5", 5, 4)],
        },
      );
    }
    if (url.pathname === "/api/client/modifyReservation/r-9" && move) {
      return move(JSON.parse(String(init.body)) as Record<string, unknown>);
    }
    return apiError({ success: false, error: "?", code: "not_found" }, 404);
  });
}

const render = (props: { prefill?: AskedTable; moving?: typeof booking }) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2025-06-11T10:00:00Z"));
  return renderAt(<ReservationForm userId="u-1" restaurant={restaurant} {...props} />, {
    path: "/reservation/:restaurantId",
    at: `/reservation/${ID}`,
  });
};
const checkedTable = () =>
  within(screen.getByRole("group", { name: /^Tavolo/ }))
    .getAllByRole("radio")
    .find((radio) => (radio as HTMLInputElement).checked)
    ?.closest("label")?.textContent;

describe("ReservationForm from a slot chip", () => {
  it("starts on the chip's date, time and party with the best-fit table chosen, and lets the diner pick another", async () => {
    api();
    render({ prefill: { date: "2025-06-12", time: "20:30", people: 4 } });
    expect(screen.getByLabelText(/^Data/)).toHaveValue("2025-06-12");
    expect(screen.getByRole("combobox", { name: /^Persone/ })).toHaveValue("4");
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Orario/ })).toHaveValue("20:30"));
    // The smallest free table that seats four, not the first listed nor the two-seater.
    await waitFor(() => expect(checkedTable()).toMatch(/Tavolo 5.*4 posti/));
    fireEvent.click(screen.getByRole("radio", { name: /Tavolo 8/ }));
    expect(checkedTable()).toMatch(/Tavolo 8/);
  });
});

describe("ReservationForm in modify mode", () => {
  it("starts on the booking, moves it with modifyReservation and keeps its special requests", async () => {
    const sent: Record<string, unknown>[] = [];
    const fetch = api((body) => {
      sent.push(body);
      return answer("POST /client/modifyReservation/:id", {
        success: true,
        message: "Prenotazione modificata!",
        reservation: { ...booking, time: "21:00", tableId: "t5", tableNumber: 5 },
      } satisfies ReservationResponse);
    });
    render({ moving: booking });
    expect(screen.getByLabelText(/^Data/)).toHaveValue("2025-06-12");
    expect(screen.getByRole("combobox", { name: /^Persone/ })).toHaveValue("4");
    expect(screen.queryByLabelText(/Richieste particolari/)).not.toBeInTheDocument();
    expect(screen.getByText(/Seggiolone/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Orario/ })).toBeEnabled());
    fireEvent.change(screen.getByRole("combobox", { name: /^Orario/ }), { target: { value: "21:00" } });
    await waitFor(() => expect(checkedTable()).toMatch(/Tavolo 5/));
    fireEvent.click(screen.getByRole("button", { name: "Salva la modifica" }));
    expect(await screen.findByRole("heading", { name: "Prenotazione modificata!" })).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ date: "2025-06-12", time: "21:00", numberOfPeople: 4, tableId: "t5" }),
    ]);
    expect(fetch.mock.calls.some(([url]) => String(url).includes("makeReservation"))).toBe(false);
    // Its own seating counts free to it (decision 032): availability is asked for the move.
    const asked = fetch.mock.calls.map(([url]) => new URL(String(url), "http://x").pathname);
    expect(asked.filter((path) => path.includes("getAvailableTables"))).not.toEqual([]);
    expect(asked.filter((path) => path.includes("getAvailableTables/"))).toEqual([]);
    expect(asked).toContain("/api/client/getAvailableTablesForMove/r-9");
  });

  it("on a 409 says the new time was just taken and that the booking still stands", async () => {
    api(() => apiError({ success: false, error: "Il tavolo è appena stato prenotato", code: "table_taken" }, 409));
    render({ moving: booking });
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Orario/ })).toBeEnabled());
    fireEvent.change(screen.getByRole("combobox", { name: /^Orario/ }), { target: { value: "21:00" } });
    await waitFor(() => expect(checkedTable()).toBeDefined());
    fireEvent.click(screen.getByRole("button", { name: "Salva la modifica" }));
    expect(
      await screen.findByText(
        /L'orario scelto è appena stato preso da qualcun altro\. La tua prenotazione di gio 12 giugno 2025 alle 20:30 resta valida/,
      ),
    ).toBeInTheDocument();
  });
});

describe("askedTable", () => {
  it("reads date, time and party, and leaves out whatever does not look right", () => {
    expect(askedTable(new URLSearchParams("date=2025-06-12&time=20:30&people=4"))).toEqual({
      date: "2025-06-12",
      time: "20:30",
      people: 4,
    });
    expect(askedTable(new URLSearchParams("date=12/06/2025&time=25:00&people=11"))).toEqual({
      date: undefined,
      time: undefined,
      people: undefined,
    });
  });
});
