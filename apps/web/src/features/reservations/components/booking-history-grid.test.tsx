import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { reservationFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, mockFetch } from "../../../../test/mock-api";
import { BookingHistoryGrid } from "./booking-history-grid";

const at = (id: string, name: string, startsAt: string, createdAt: string) =>
  reservationFixture({
    id,
    restaurant: { ...reservationFixture().restaurant, id, name },
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
    createdAt,
  });

describe("BookingHistoryGrid (home)", () => {
  it("orders the bookings by when they are, the next one first, not by when they were made", async () => {
    const soon = Date.now() + 3_600_000;
    const reservations = [
      at(
        "a",
        "Prenotata ieri per la settimana prossima",
        new Date(soon + 7 * 86_400_000).toISOString(),
        new Date().toISOString(),
      ),
      at(
        "b",
        "Passata",
        new Date(Date.now() - 3 * 86_400_000).toISOString(),
        new Date(Date.now() - 5 * 86_400_000).toISOString(),
      ),
      at("c", "Stasera", new Date(soon).toISOString(), new Date(Date.now() - 9 * 86_400_000).toISOString()),
    ];
    mockFetch(() => answer("GET /client/getUserReservations/:userId", { success: true, reservations }));
    renderAt(<BookingHistoryGrid userId="u-1" />);
    await screen.findByText("Stasera");
    const cards = [...screen.getAllByRole("list")[0]!.children];
    const names = cards.map((card) => card.querySelector("h2, h3, h4")?.textContent);
    expect(names).toEqual(["Stasera", "Prenotata ieri per la settimana prossima", "Passata"]);
  });
});
