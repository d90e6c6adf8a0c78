import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { Reservation } from "@tavolo/shared/reservations";
import { reservationFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { mockFetch } from "../../../../test/mock-api";
import { HistoryPage } from "./history-page";
import { bookingsAnswer, reservations } from "./history-page.fixtures";

describe("HistoryPage", () => {
  it("lists reservations and filters them by status with the five chips", async () => {
    const fetch = mockFetch(() => bookingsAnswer(reservations));
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    expect(await screen.findByText("Osteria Uno")).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/client/getUserReservations/u-1");
    expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")!.textContent)).toEqual([
      "Tutte",
      "In attesa",
      "Confermate",
      "Annullate",
      "Completate",
    ]);
    expect(screen.getByText("Trattoria Due")).toBeInTheDocument();
    expect(screen.getByText("4 persone")).toBeInTheDocument();
    expect(screen.getByText("Tavolo 7")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("radio", { name: "In attesa" }));
    expect(screen.getByText("Trattoria Due")).toBeInTheDocument();
    expect(screen.queryByText("Osteria Uno")).not.toBeInTheDocument();
    expect(screen.getByText("Trattoria Due").closest("article")).toHaveTextContent("In attesa");

    fireEvent.click(screen.getByRole("radio", { name: "Annullate" }));
    expect(screen.getByRole("heading", { name: "Nessuna prenotazione annullata" })).toBeInTheDocument();
    expect(screen.getByText("Nessuna delle tue prenotazioni ha lo stato «Annullate».")).toBeInTheDocument();
    // Not the first-booking invitation: the diner has bookings, just none with this status.
    expect(screen.queryByText(/prenota il tuo primo tavolo/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Mostra tutte le prenotazioni" }));
    expect(screen.getByText("Osteria Uno")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Tutte" })).toBeChecked();
  });

  it("keeps the active filter in the URL: it opens filtered, and a chip rewrites ?status=", async () => {
    mockFetch(() => bookingsAnswer(reservations));
    const { router } = renderAt(<HistoryPage userId="u-1" phoneVerified />, {
      path: "/history",
      at: "/history?status=pending",
    });
    expect(await screen.findByText("Trattoria Due")).toBeInTheDocument();
    expect(screen.queryByText("Osteria Uno")).toBeNull();
    expect(screen.getByRole("radio", { name: "In attesa" })).toBeChecked();

    fireEvent.click(screen.getByRole("radio", { name: "Completate" }));
    expect(router.state.location.search).toBe("?status=completed");
    expect(screen.getByText("Pizzeria Tre")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("radio", { name: "Tutte" }));
    expect(router.state.location.search).toBe("");
  });

  it("ignores an unknown ?status= and shows everything", async () => {
    mockFetch(() => bookingsAnswer(reservations));
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history", at: "/history?status=bogus" });
    expect(await screen.findByText("Osteria Uno")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Tutte" })).toBeChecked();
  });

  it("lists upcoming bookings first, soonest on top, then past and cancelled ones, latest on top", async () => {
    const now = Date.now();
    const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
    const booking = (id: string, days: number, status: Reservation["status"]) =>
      reservationFixture({
        id,
        restaurant: { ...reservationFixture().restaurant, id, name: `Ristorante ${id}` },
        date: at(days).slice(0, 10),
        time: "20:00",
        numberOfPeople: 2,
        status,
        startsAt: at(days),
        endsAt: at(days + 0.05),
        // Made in the order the server sends them: newest booking first.
        createdAt: at(-days),
      });
    mockFetch(() =>
      bookingsAnswer([
        booking("week", 7, "confirmed"),
        booking("cancelled", 3, "cancelled"),
        booking("tonight", 0.2, "pending"),
        booking("lastMonth", -30, "completed"),
        booking("yesterday", -1, "completed"),
        booking("tomorrow", 1, "confirmed"),
      ]),
    );
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    const upcoming = await screen.findByRole("region", { name: "In programma" });
    const names = (region: HTMLElement) =>
      within(region)
        .getAllByRole("article")
        .map((card) => within(card).getByRole("heading").textContent);
    expect(names(upcoming)).toEqual(["Ristorante tonight", "Ristorante tomorrow", "Ristorante week"]);
    expect(names(screen.getByRole("region", { name: "Passate e annullate" }))).toEqual([
      "Ristorante cancelled",
      "Ristorante yesterday",
      "Ristorante lastMonth",
    ]);
  });
});
