import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "@tavolo/shared/account";
import { sameEveryDay } from "@tavolo/shared/opening-hours";
import type { AuthUser } from "@tavolo/shared/auth";
import type { Reservation } from "@tavolo/shared/reservations";
import type { CityInfo, RestaurantDetail, RestaurantSummary } from "@tavolo/shared/restaurants";

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
    attending: false,
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

/** render.tsx's `testUser` (Giulia R.) as the server's answers describe her. */
export const testUserAnswer = (overrides: Partial<AuthUser> = {}): AuthUser =>
  authUserFixture({ displayName: "Giulia R.", ...overrides });

/** The notification settings a diner has not changed: every push kind on. */
export const notificationSettingsFixture = (overrides: Partial<NotificationSettings> = {}): NotificationSettings => ({
  ...DEFAULT_NOTIFICATION_SETTINGS,
  ...overrides,
});

/** A restaurant page's data: Milan, open Tuesday to Sunday. */
export const restaurantDetailFixture = (extra: Partial<RestaurantDetail> = {}): RestaurantDetail => ({
  id: "11111111-1111-4111-8111-111111111111",
  name: "Osteria del Ponte",
  type: "osteria",
  city: "Milano",
  citySlug: "milano",
  address: "Ripa di Porta Ticinese 7, Milano",
  phone: "+39 02 8940 1234",
  description: "Cucina milanese di stagione sul Naviglio.",
  image: "/images/restaurants/carne-1.svg",
  imageUrl: "/images/restaurants/carne-1.svg",
  rating: 4.6,
  priceRange: 3,
  categories: ["carne", "italiano"],
  location: "45.45,9.17",
  lat: 45.45,
  lng: 9.17,
  timeZone: "Europe/Rome",
  capacity: 40,
  openingHours: {
    monday: null,
    tuesday: { open: "12:00", close: "23:00" },
    wednesday: { open: "12:00", close: "22:30" },
    thursday: { open: "12:00", close: "23:00" },
    friday: { open: "12:00", close: "23:30" },
    saturday: { open: "12:00", close: "23:30" },
    sunday: { open: "12:00", close: "15:00" },
  },
  tables: [],
  ...extra,
});

/** Milano as the city list and a search answer describe it. */
export const milanoFixture: CityInfo = {
  slug: "milano",
  name: "Milano",
  nameIt: "Milano",
  nameEn: "Milan",
  region: "Lombardia",
  lat: 45.46,
  lng: 9.19,
};

/** Search card number `n` in Milano: "Trattoria n", a pizzeria. */
export const restaurantSummaryFixture = (n: number, extra: Partial<RestaurantSummary> = {}): RestaurantSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Trattoria ${n}`,
  type: "trattoria",
  city: "Milano",
  citySlug: "milano",
  address: `Via Roma ${n}, Milano`,
  phone: "+39 02 1234567",
  description: "",
  image: `/images/restaurants/pizza-${n}.svg`,
  imageUrl: `/images/restaurants/pizza-${n}.svg`,
  rating: 4.5,
  priceRange: 2,
  categories: ["pizza", "italiano"],
  location: "45.46,9.19",
  lat: 45.46,
  lng: 9.19,
  ...extra,
});

/** Opening hours with the same service every day of the week (12:00–23:00 unless said). */
export const openEveryDay = (slot = { open: "12:00", close: "23:00" }): RestaurantDetail["openingHours"] =>
  sameEveryDay(slot);
