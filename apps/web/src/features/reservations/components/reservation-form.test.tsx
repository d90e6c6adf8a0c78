import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import type { Table } from "@tavolo/shared/restaurants";
import { reservationFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { ReservationForm, type BookableRestaurant } from "./reservation-form";

const ID = "11111111-1111-4111-8111-111111111111";
const dinner = { open: "12:00", close: "23:00" };
const restaurant: BookableRestaurant = {
  id: ID,
  name: "Osteria del Ponte",
  timeZone: "Europe/Rome",
  openingHours: {
    monday: null,
    tuesday: dinner,
    wednesday: dinner,
    thursday: dinner,
    friday: dinner,
    saturday: dinner,
    sunday: dinner,
  },
};

const table = (id: string, number: number, capacity: number, isAvailable = true): Table => ({
  id,
  number,
  capacity,
  isAvailable,
});

/** Wednesday 11 June 2025, 12:00 in Rome: only Date is faked, so timers and promises stay real. */
function atWednesdayNoon() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2025-06-11T10:00:00Z"));
}

interface Api {
  slots?: (query: URLSearchParams) => string[];
  tables?: (query: URLSearchParams) => Table[];
  book?: (body: Record<string, unknown>, init: RequestInit) => Response | Promise<Response>;
}

function api({ slots = () => ["19:00", "19:15", "20:00"], tables = () => [], book }: Api = {}) {
  return mockFetch(async (url, init) => {
    if (url.pathname === `/api/client/getAvailableTables/${ID}`) {
      const query = url.searchParams;
      return answer("GET /client/getAvailableTables/:id", {
        success: true,
        date: query.get("date")!,
        time: query.get("time"),
        slots: slots(query),
        tables: tables(query),
      });
    }
    if (url.pathname === "/api/client/makeReservation" && book) {
      return book(JSON.parse(String(init.body)) as Record<string, unknown>, init);
    }
    return apiError({ success: false, error: "?", code: "not_found" }, 404);
  });
}

const availabilityCalls = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), "http://x"))
    .filter((url) => url.pathname.includes("getAvailableTables"))
    .map((url) => Object.fromEntries(url.searchParams));
const bookings = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes("makeReservation"));
const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)["idempotency-key"];

const render = () =>
  renderAt(<ReservationForm userId="u-1" restaurant={restaurant} />, {
    path: "/reservation/:restaurantId",
    at: `/reservation/${ID}`,
  });

const timeSelect = () => screen.getByRole("combobox", { name: /^Orario/ });
const peopleSelect = () => screen.getByRole("combobox", { name: /^Persone/ });
const tableChoices = () =>
  within(screen.getByRole("group", { name: /^Tavolo/ }))
    .queryAllByRole("radio")
    .map((radio) => radio.closest("label")!.textContent);

async function chooseTime(time: string) {
  await waitFor(() => expect(timeSelect()).toBeEnabled());
  fireEvent.change(timeSelect(), { target: { value: time } });
}

const booked = (status: "confirmed" | "pending", specialRequests = "") =>
  answer(
    "POST /client/makeReservation",
    {
      success: true,
      message: status === "confirmed" ? "Prenotazione confermata!" : "Richiesta inviata",
      reservation: reservationFixture({
        id: "r-1",
        restaurant: { ...reservationFixture().restaurant, id: ID, name: "Osteria del Ponte" },
        date: "2025-06-11",
        time: "20:00",
        tableNumber: 3,
        numberOfPeople: 2,
        status,
        specialRequests,
        canCancel: true,
      }),
    } satisfies ReservationResponse,
    201,
  );

describe("ReservationForm", () => {
  it("offers only the open times of the API and only free tables that seat the party, re-asked on every change", async () => {
    atWednesdayNoon();
    const fetch = api({
      tables: (query) =>
        query.get("people") === "4"
          ? [table("t2", 2, 4), table("t3", 3, 6)]
          : [table("t3", 3, 6), table("t1", 1, 2), table("t2", 2, 4, false), table("t0", 9, 1)],
    });
    render();

    await waitFor(() =>
      expect([...timeSelect().querySelectorAll("option")].map((option) => option.textContent)).toEqual([
        "Scegli l'ora",
        "19:00",
        "19:15",
        "20:00",
      ]),
    );
    expect(screen.getByLabelText(/^Data/)).toHaveValue("2025-06-11");
    expect(screen.getByLabelText(/^Data/)).toHaveAttribute("min", "2025-06-11");
    expect(screen.getByText("Scegli data e orario per vedere i tavoli liberi.")).toBeInTheDocument();
    expect(availabilityCalls(fetch)).toEqual([{ date: "2025-06-11", people: "2" }]);

    await chooseTime("20:00");
    // Smallest first; the taken table and the one too small for two are not offered.
    await waitFor(() => expect(tableChoices()).toEqual(["Tavolo 1, 2 posti", "Tavolo 3, 6 posti"]));
    expect(availabilityCalls(fetch)).toContainEqual({ date: "2025-06-11", time: "20:00", people: "2" });

    fireEvent.click(screen.getByRole("radio", { name: "Tavolo 1, 2 posti" }));
    fireEvent.change(peopleSelect(), { target: { value: "4" } });
    await waitFor(() => expect(tableChoices()).toEqual(["Tavolo 2, 4 posti", "Tavolo 3, 6 posti"]));
    expect(availabilityCalls(fetch)).toContainEqual({ date: "2025-06-11", time: "20:00", people: "4" });
    // The table chosen for two is gone, so nothing is chosen.
    expect(screen.getAllByRole("radio").some((radio) => (radio as HTMLInputElement).checked)).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: "2025-06-12" } });
    await waitFor(() => expect(availabilityCalls(fetch)).toContainEqual({ date: "2025-06-12", people: "4" }));
  });

  it("drops a time the new date does not offer, and points to the next open day when none is left", async () => {
    atWednesdayNoon();
    api({ slots: (query) => (query.get("date") === "2025-06-11" ? ["20:00"] : []) });
    render();
    await chooseTime("20:00");
    expect(timeSelect()).toHaveValue("20:00");

    // Monday 16 June: closed.
    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: "2025-06-16" } });
    expect(await screen.findByText("Il ristorante è chiuso in questa data.")).toBeInTheDocument();
    expect(timeSelect()).toHaveValue("");
    expect(timeSelect()).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Prova mar 17 giu" }));
    expect(screen.getByLabelText(/^Data/)).toHaveValue("2025-06-17");
    expect(await screen.findByText("Nessun tavolo libero per il tuo gruppo in questa data.")).toBeInTheDocument();
  });

  it("requires date, time and table with the spec's message, and refuses a day before today", async () => {
    atWednesdayNoon();
    const fetch = api({ book: () => booked("confirmed") });
    render();
    await waitFor(() => expect(timeSelect()).toBeEnabled());
    fireEvent.click(screen.getByRole("button", { name: "Conferma prenotazione" }));

    expect(screen.getByText("Tutti i campi contrassegnati con * sono obbligatori")).toBeInTheDocument();
    expect(timeSelect()).toHaveAttribute("aria-invalid", "true");
    expect(timeSelect()).toHaveFocus();
    expect(bookings(fetch)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: "2025-06-10" } });
    expect(screen.getByText("La data non può essere precedente a oggi")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Conferma prenotazione" }));
    expect(screen.getByLabelText(/^Data/)).toHaveFocus();
    expect(availabilityCalls(fetch).some((query) => query.date === "2025-06-10")).toBe(false);
    expect(bookings(fetch)).toHaveLength(0);
  });

  it("on a 409 explains the table was just taken, re-reads the tables, and books another with a new key", async () => {
    atWednesdayNoon();
    let taken = false;
    const fetch = api({
      tables: () => (taken ? [table("t3", 3, 6)] : [table("t1", 1, 2), table("t3", 3, 6)]),
      book: (body) => {
        if (body.tableId === "t1") {
          taken = true;
          return apiError(
            {
              success: false,
              code: "table_taken",
              error:
                "Questo tavolo è appena stato prenotato per quell'orario: scegli un altro tavolo o un altro orario",
            },
            409,
          );
        }
        return booked("confirmed", body.specialRequests as string);
      },
    });
    render();
    await chooseTime("20:00");
    fireEvent.click(await screen.findByRole("radio", { name: "Tavolo 1, 2 posti" }));
    fireEvent.change(screen.getByLabelText("Richieste particolari"), { target: { value: "  <b>Senza glutine</b> " } });
    fireEvent.click(screen.getByRole("button", { name: "Conferma prenotazione" }));

    expect(await screen.findByText(/appena stato prenotato/)).toBeInTheDocument();
    await waitFor(() => expect(tableChoices()).toEqual(["Tavolo 3, 6 posti"]));
    expect(screen.getByRole("radio", { name: "Tavolo 3, 6 posti" })).not.toBeChecked();

    fireEvent.click(screen.getByRole("radio", { name: "Tavolo 3, 6 posti" }));
    expect(screen.queryByText(/appena stato prenotato/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Conferma prenotazione" }));

    expect(await screen.findByRole("heading", { name: "Prenotazione confermata!" })).toHaveFocus();
    const [first, second] = bookings(fetch);
    expect(JSON.parse(String(second![1]!.body))).toMatchObject({
      userId: "u-1",
      restaurantId: ID,
      date: "2025-06-11",
      time: "20:00",
      numberOfPeople: 2,
      tableId: "t3",
      specialRequests: "<b>Senza glutine</b>",
    });
    expect(keyOf(first!)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(second!)).not.toBe(keyOf(first!));
    // What the diner typed is shown as typed, never as markup.
    expect(screen.getByText("<b>Senza glutine</b>")).toBeInTheDocument();
    expect(document.querySelector("b")).toBeNull();

    expect(screen.getByText(/Ti portiamo alle tue prenotazioni/)).toBeInTheDocument();
    expect(screen.queryByText("other page")).not.toBeInTheDocument();
    expect(await screen.findByText("other page")).toBeInTheDocument();
  });

  it("sends a retry of the same request under the same Idempotency-Key", async () => {
    atWednesdayNoon();
    let attempts = 0;
    const fetch = api({
      tables: () => [table("t1", 1, 2)],
      book: () => {
        attempts += 1;
        return attempts === 1
          ? apiError({ success: false, code: "server_error", error: "Errore del server" }, 503)
          : booked("pending");
      },
    });
    render();
    await chooseTime("19:15");
    fireEvent.click(await screen.findByRole("radio", { name: "Tavolo 1, 2 posti" }));
    fireEvent.click(screen.getByRole("button", { name: "Conferma prenotazione" }));
    expect(await screen.findByText("Errore del server")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Conferma prenotazione" }));
    expect(await screen.findByRole("heading", { name: "Richiesta inviata" })).toBeInTheDocument();
    const [first, second] = bookings(fetch);
    expect(keyOf(second!)).toBe(keyOf(first!));
  });

  it("says so when the tables cannot be loaded", async () => {
    atWednesdayNoon();
    // No message from the server (a proxy's 400): the form says it in its own words.
    mockFetch(() => offContract({ success: false, code: "boom" }, 400));
    render();
    expect(await screen.findByText("Impossibile caricare i tavoli disponibili")).toBeInTheDocument();
  });
});
