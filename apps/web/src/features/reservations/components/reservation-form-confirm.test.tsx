import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import { openEveryDay, reservationFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { ReservationForm } from "./reservation-form";

const ID = "11111111-1111-4111-8111-111111111111";
const restaurant = { id: ID, name: "Osteria del Ponte", timeZone: "Europe/Rome", openingHours: openEveryDay() };

afterEach(() => vi.useRealTimers());

describe("ReservationForm, once booked (decision 059)", () => {
  it("confirms at the server's answer, without waiting for the free tables to be read again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-11T10:00:00Z"));
    let booked = false;
    const fetch = mockFetch((url) => {
      if (url.pathname === `/api/client/getAvailableTables/${ID}`) {
        // After the booking, the re-read of the free tables never answers (a slow network).
        if (booked) return new Promise<Response>(() => {});
        return answer("GET /client/getAvailableTables/:id", {
          success: true,
          date: url.searchParams.get("date")!,
          time: url.searchParams.get("time"),
          slots: ["20:30"],
          tables: [{ id: "t2", number: 2, capacity: 2, isAvailable: true }],
        });
      }
      if (url.pathname === "/api/client/makeReservation") {
        booked = true;
        return answer(
          "POST /client/makeReservation",
          {
            success: true,
            message: "Prenotazione confermata!",
            reservation: reservationFixture({ restaurant: { ...reservationFixture().restaurant, id: ID } }),
          } satisfies ReservationResponse,
          201,
        );
      }
      return apiError({ success: false, error: "?", code: "not_found" }, 404);
    });
    renderAt(
      <ReservationForm
        userId="u-1"
        restaurant={restaurant}
        prefill={{ date: "2025-06-12", time: "20:30", people: 2 }}
      />,
      { path: "/reservation/:restaurantId", at: `/reservation/${ID}` },
    );
    const group = await screen.findByRole("group", { name: /^Tavolo/ });
    await waitFor(() => expect(within(group).getByRole("radio", { name: /^Tavolo 2/ })).toBeChecked());

    fireEvent.click(screen.getByRole("button", { name: "Conferma prenotazione" }));

    expect(await screen.findByText("Prenotazione confermata!")).toBeInTheDocument();
    // The re-read was asked (the tables changed), it just did not hold the confirmation back.
    const reads = fetch.mock.calls.filter(([url]) => String(url).includes("getAvailableTables"));
    expect(reads.length).toBeGreaterThan(2);
  });
});
