import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { reservationFixture, restaurantDetailFixture } from "../../test/fixtures";
import { answer, answerSessionCheck, apiError, mockFetch } from "../../test/mock-api";
import { renderRoutes, signInAs, testUser } from "../../test/render";
import { useMakeReservation } from "../features/reservations/api/make-reservation";
import { RestaurantDetailPage } from "../features/restaurants/components/restaurant-detail-page";

const ID = "11111111-1111-4111-8111-111111111111";
const TABLE = "22222222-2222-4222-8222-222222222222";

/** A booking made elsewhere in the app (the booking form's mutation), beside the restaurant page. */
function BookTableOne() {
  const book = useMakeReservation();
  return (
    <button
      type="button"
      onClick={() =>
        book.mutate({
          input: {
            userId: testUser.id,
            restaurantId: ID,
            date: "2025-06-11",
            time: "12:15",
            numberOfPeople: 2,
            tableId: TABLE,
          },
          idempotencyKey: "booking-1",
        })
      }
    >
      book
    </button>
  );
}

afterEach(() => vi.useRealTimers());

describe("a booking and the restaurant page (decision 051)", () => {
  it("refreshes the page's tables: the table just booked shows as taken", async () => {
    // Wednesday 11 June 2025, 12:00 in Rome: the restaurant is open.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-11T10:00:00Z"));
    signInAs();
    let booked = false;
    const fetch = mockFetch((url, init) => {
      const session = answerSessionCheck(url);
      if (session) return session;
      if (url.pathname === `/api/client/getRestaurantById/${ID}`)
        return answer("GET /client/getRestaurantById/:id", {
          success: true,
          restaurant: restaurantDetailFixture({ id: ID }),
        });
      if (url.pathname === `/api/client/getAvailableTables/${ID}`)
        return answer("GET /client/getAvailableTables/:id", {
          success: true,
          date: "2025-06-11",
          time: "12:15",
          slots: [],
          tables: [
            { id: TABLE, number: 1, capacity: 2, isAvailable: !booked },
            { id: "t2", number: 2, capacity: 4, isAvailable: true },
          ],
        });
      if (url.pathname === "/api/client/makeReservation" && init.method === "POST") {
        booked = true;
        return answer(
          "POST /client/makeReservation",
          { success: true, message: "Prenotazione confermata!", reservation: reservationFixture({ tableId: TABLE }) },
          201,
        );
      }
      return apiError({ success: false, error: "Risorsa non trovata", code: "not_found" }, 404);
    });
    renderRoutes(
      [
        {
          path: "/restaurants/:id",
          element: (
            <>
              <RestaurantDetailPage id={ID} reserveLink={() => ({ to: `/reservation/${ID}` })} />
              <BookTableOne />
            </>
          ),
        },
      ],
      { at: `/restaurants/${ID}` },
    );
    expect(await screen.findByText("2 tavoli liberi su 2")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "book" }));

    expect(await screen.findByText("1 tavolo libero su 2")).toBeInTheDocument();
    const tableReads = fetch.mock.calls.filter(([url]) => String(url).includes(`/getAvailableTables/${ID}`));
    expect(tableReads).toHaveLength(2);
  });
});
