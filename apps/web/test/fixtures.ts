import type { AuthUser } from "@tavolo/shared/auth";
import type { Reservation } from "@tavolo/shared/reservations";

/**
 * Answers' parts as the server sends them, typed by the shared contract (decision 020): a test can
 * change what it is about and never feed a shape the API does not produce.
 */

export function reservationFixture(overrides: Partial<Reservation> = {}): Reservation {
  const restaurant = {
    id: "a",
    name: "Osteria Uno",
    imageUrl: "/images/restaurants/pesce-1.svg",
    location: "45.4642,9.19",
    city: "Milano",
    address: "Via Roma 1",
    categories: ["carne" as const],
    ...overrides.restaurant,
  };
  return {
    id: "r1",
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    date: "2099-06-10",
    time: "20:00",
    kind: "table",
    lastMinuteId: null,
    tableId: "t4",
    tableNumber: 4,
    numberOfPeople: 2,
    status: "confirmed",
    createdAt: "2099-06-01T10:00:00.000Z",
    specialRequests: "",
    startsAt: "2099-06-10T18:00:00.000Z",
    endsAt: "2099-06-10T20:00:00.000Z",
    canCancel: false,
    ...overrides,
    restaurant,
  };
}

export function authUserFixture(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: "u-1",
    email: "giulia.rossi@example.com",
    firstName: "Giulia",
    lastName: "Rossi",
    displayName: "Giulia Rossi",
    phoneNumber: null,
    phoneVerified: false,
    emailVerified: true,
    language: "it",
    termsAccepted: true,
    newsletterSubscribed: false,
    authProvider: "password",
    ...overrides,
  };
}
