import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { json, mockFetch, renderAt } from "../../../../test/render";
import { HistoryPage } from "./history-page";

const reservations = [
  {
    id: "r1",
    restaurantName: "Osteria Uno",
    restaurantId: "a",
    date: "2025-06-10",
    time: "20:00",
    partySize: 2,
    status: "confirmed",
    tableNumber: 4,
  },
  {
    id: "r2",
    restaurant: { id: "b", name: "Trattoria Due", imageUrl: "/images/restaurants/pesce-1.svg" },
    date: "2025-06-12",
    time: "21:00",
    people: 4,
    status: "pending",
    table: { number: 7 },
  },
  {
    id: "r3",
    restaurantName: "Pizzeria Tre",
    restaurantId: "c",
    date: "2025-05-01",
    time: "19:30",
    numberOfPeople: 3,
    status: "completed",
  },
];

describe("HistoryPage", () => {
  it("lists reservations and filters them by status with the five chips", async () => {
    const fetch = mockFetch(() => json({ success: true, reservations }));
    renderAt(<HistoryPage userId="u-1" />, { path: "/history" });
    expect(await screen.findByText("Osteria Uno")).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/client/getUserReservations/u-1");
    expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")!.textContent)).toEqual([
      "Tutte",
      "In attesa",
      "Confermate",
      "Cancellate",
      "Completate",
    ]);
    expect(screen.getByText("Trattoria Due")).toBeInTheDocument();
    expect(screen.getByText("4 persone")).toBeInTheDocument();
    expect(screen.getByText("Tavolo 7")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("radio", { name: "In attesa" }));
    expect(screen.getByText("Trattoria Due")).toBeInTheDocument();
    expect(screen.queryByText("Osteria Uno")).not.toBeInTheDocument();
    expect(screen.getByText("Trattoria Due").closest("article")).toHaveTextContent("In attesa");

    fireEvent.click(screen.getByRole("radio", { name: "Cancellate" }));
    expect(screen.getByText("Nessuna prenotazione con stato «Cancellata»")).toBeInTheDocument();
  });
});
