import type { Reservation } from "@tavolo/shared/reservations";
import { reservationFixture } from "../../../../test/fixtures";
import { answer, apiError, type mockFetch } from "../../../../test/mock-api";

/* The history page's test fixtures, shared by its three test files. */

/** The diner's bookings as GET /client/getUserReservations/:userId sends them. */
export const bookingsAnswer = (list: Reservation[]) =>
  answer("GET /client/getUserReservations/:userId", { success: true, reservations: list });

export const reservations = [
  reservationFixture({ id: "r1", date: "2025-06-10", numberOfPeople: 2, tableNumber: 4 }),
  reservationFixture({
    id: "r2",
    restaurant: { ...reservationFixture().restaurant, id: "b", name: "Trattoria Due" },
    date: "2025-06-12",
    time: "21:00",
    numberOfPeople: 4,
    status: "pending",
    tableNumber: 7,
  }),
  reservationFixture({
    id: "r3",
    restaurant: { ...reservationFixture().restaurant, id: "c", name: "Pizzeria Tre" },
    date: "2025-05-01",
    time: "19:30",
    numberOfPeople: 3,
    status: "completed",
    tableNumber: null,
  }),
];

export const upcoming = reservationFixture({
  id: "r9",
  date: "2099-06-10",
  time: "20:00",
  numberOfPeople: 2,
  tableNumber: 4,
  status: "confirmed",
  specialRequests: "<img src=x onerror=alert(1)> seggiolone",
  canCancel: true,
});
export const past = { ...reservations[2]!, canCancel: false };
export const tooMany = () =>
  apiError({ success: false, code: "rate_limited", error: "Troppe richieste", retryAfter: 1 }, 429);
export const historyCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes("getUserReservations")).length;
