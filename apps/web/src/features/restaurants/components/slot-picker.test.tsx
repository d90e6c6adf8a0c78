import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AvailableSlotsResponse } from "@tavolo/shared/restaurants";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import type { ReactNode } from "react";
import type { TableQuery } from "../api/table-search";
import { SlotPicker } from "./slot-picker";
import { useTableChoice } from "./use-table-choice";

const ID = "11111111-1111-4111-8111-111111111111";
const lunchAndDinner = { open: "12:00", close: "23:00" };
const restaurant = {
  id: ID,
  tables: [
    { id: "t1", number: 1, capacity: 4, isAvailable: true },
    { id: "t2", number: 2, capacity: 8, isAvailable: true },
  ],
  name: "Osteria del Ponte",
  timeZone: "Europe/Rome",
  openingHours: {
    monday: null,
    tuesday: lunchAndDinner,
    wednesday: lunchAndDinner,
    thursday: lunchAndDinner,
    friday: lunchAndDinner,
    saturday: lunchAndDinner,
    sunday: lunchAndDinner,
  },
};

function api() {
  return mockFetch((url) => {
    if (url.pathname === `/api/client/getAvailableSlots/${ID}`) {
      const people = Number(url.searchParams.get("people"));
      return answer("GET /client/getAvailableSlots/:id", {
        success: true,
        date: url.searchParams.get("date")!,
        people,
        // A party of eight finds nothing; smaller parties two evening times.
        slots: people >= 8 ? [] : ["20:00", "21:15"],
      } satisfies AvailableSlotsResponse);
    }
    return apiError({ success: false, error: "?", code: "not_found" }, 404);
  });
}

afterEach(() => vi.useRealTimers());

/** The picker as the restaurant page holds it: its day and party start from the link. */
function Picker({
  asked = {},
  whenNothingFits,
}: {
  restaurant: typeof restaurant;
  asked?: Partial<TableQuery>;
  whenNothingFits?: (table: TableQuery) => ReactNode;
}) {
  const choice = useTableChoice(restaurant, asked);
  return <SlotPicker restaurant={restaurant} choice={choice} whenNothingFits={whenNothingFits} />;
}

describe("SlotPicker on the restaurant page", () => {
  it("lists the day's free times for the party, each opening the form filled in, and follows the party", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-11T10:00:00Z")); // Wednesday noon in Rome
    const fetch = api();
    renderAt(<Picker restaurant={restaurant} />);
    expect(screen.getByRole("heading", { name: "Quando venite?" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Orari liberi per 2 persone" });
    // Screen readers hear the count, not forty times.
    expect(screen.getByRole("status")).toHaveTextContent("2 orari liberi in questa data");
    expect(within(list).getByRole("link", { name: /^21:15/ })).toHaveAttribute(
      "href",
      `/reservation/${ID}?date=2025-06-11&time=21%3A15&people=2`,
    );
    const asked = new URL(String(fetch.mock.calls[0]![0]), "http://x").searchParams;
    expect([asked.get("date"), asked.get("people")]).toEqual(["2025-06-11", "2"]);

    fireEvent.change(screen.getByRole("combobox", { name: /^Persone/ }), { target: { value: "8" } });
    expect(await screen.findByText("Nessun orario libero in questa data per 8 persone.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: "2025-06-13" } });
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url]) => String(url).includes("date=2025-06-13") && String(url).includes("people=8")),
      ).toBe(true),
    );
  });

  it("opens the waitlist at once for a time the link asked about that is not free, on that day and party", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-11T10:00:00Z")); // Wednesday noon in Rome
    api();
    const waitFor = vi.fn((table: { date: string; time: string; people: number }) => (
      <p>
        wait {table.date} {table.time} {table.people}
      </p>
    ));
    renderAt(
      <Picker
        restaurant={restaurant}
        asked={{ date: "2025-06-12", time: "20:30", people: 4 }}
        whenNothingFits={waitFor}
      />,
    );
    // 20:30 is not among the free times (20:00, 21:15): the waitlist shows, for the asked moment.
    expect(await screen.findByText("wait 2025-06-12 20:30 4")).toBeVisible();
    expect(screen.getByRole("combobox", { name: "Ora desiderata" })).toHaveValue("20:30");
    fireEvent.change(screen.getByRole("combobox", { name: "Ora desiderata" }), { target: { value: "21:00" } });
    expect(await screen.findByText("wait 2025-06-12 21:00 4")).toBeInTheDocument();
  });

  it("keeps the waitlist one tap away when free times are there and none was asked", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-11T10:00:00Z"));
    api();
    renderAt(<Picker restaurant={restaurant} whenNothingFits={() => <p>waitlist</p>} />);
    await screen.findByRole("list", { name: "Orari liberi per 2 persone" });
    expect(screen.getByText("Nessun orario va bene? Mettiti in lista d'attesa")).toBeInTheDocument();
    expect(screen.getByText("waitlist")).not.toBeVisible();
  });

  it("offers no waitlist for a party no table of the restaurant seats", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-11T10:00:00Z"));
    api();
    renderAt(
      <Picker
        restaurant={restaurant}
        asked={{ date: "2025-06-12", time: "20:30", people: 10 }}
        whenNothingFits={() => <p>waitlist</p>}
      />,
    );
    expect(await screen.findByText("Nessun orario libero in questa data per 10 persone.")).toBeInTheDocument();
    expect(screen.queryByText("waitlist")).not.toBeInTheDocument();
  });

  it("says a closed day is closed and a past date is past, not 'no free time', and asks nothing of them", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-11T10:00:00Z")); // Wednesday noon in Rome
    const fetch = api();
    renderAt(<Picker restaurant={restaurant} whenNothingFits={() => <p>waitlist</p>} />);
    await screen.findByRole("list", { name: "Orari liberi per 2 persone" });
    const asked = () => fetch.mock.calls.map(([url]) => new URL(String(url), "http://x").searchParams.get("date"));

    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: "2025-06-16" } }); // a Monday: closed
    expect(screen.getByRole("status")).toHaveTextContent("Il ristorante è chiuso in questa data.");
    expect(screen.queryByRole("list", { name: "Orari liberi per 2 persone" })).toBeNull();
    expect(screen.queryByText("waitlist")).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: "2025-06-10" } });
    expect(screen.getByRole("status")).toHaveTextContent("Questa data è già passata: scegline un'altra.");
    expect(screen.queryByRole("list", { name: "Orari liberi per 2 persone" })).toBeNull();
    expect(asked()).not.toContain("2025-06-16");
    expect(asked()).not.toContain("2025-06-10");
  });
});
