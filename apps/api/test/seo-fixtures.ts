import type { LastMinuteOffer } from "@tavolo/shared/offers";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";

/** A restaurant page's data as GET /client/getRestaurantById answers it. */
export function restaurantFixture(overrides: Partial<RestaurantDetail> = {}): RestaurantDetail {
  return {
    id: "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
    name: "Trattoria da Gino",
    type: "trattoria",
    city: "Milano",
    citySlug: "milano",
    address: "Via Roma 12, 20121 Milano",
    phone: "+39 02 1234567",
    description: "Cucina milanese dal 1962: risotto, cotoletta e ossobuco.",
    image: "/images/restaurants/trattoria-1.svg",
    imageUrl: "/images/restaurants/trattoria-1.svg",
    rating: 4.5,
    priceRange: 2,
    categories: ["italiano", "carne"],
    location: "45.4642,9.19",
    lat: 45.4642,
    lng: 9.19,
    timeZone: "Europe/Rome",
    openingHours: {
      monday: null,
      tuesday: { open: "12:00", close: "23:00" },
      wednesday: { open: "12:00", close: "23:00" },
      thursday: { open: "12:00", close: "23:00" },
      friday: { open: "12:00", close: "23:30" },
      saturday: { open: "12:00", close: "23:30" },
      sunday: { open: "12:00", close: "15:00" },
    },
    capacity: 40,
    tables: [{ id: "a1c2e3f4-0000-4000-8000-000000000001", number: 1, capacity: 4, isAvailable: true }],
    ...overrides,
  };
}

/** An offer page's data as GET /client/getLastMinuteById answers it. */
export function offerFixture(overrides: Partial<LastMinuteOffer> = {}): LastMinuteOffer {
  return {
    id: "9d8c7b6a-5f4e-4d3c-8b2a-1a0b9c8d7e6f",
    restaurantId: "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
    restaurantName: "Trattoria da Gino",
    restaurantImageUrl: "/images/restaurants/trattoria-1.svg",
    restaurantAddress: "Via Roma 12, 20121 Milano",
    city: "Milano",
    citySlug: "milano",
    categories: ["italiano"],
    date: "2026-11-26",
    formattedDate: "giovedì 26 novembre",
    startTime: "19:30",
    endTime: "21:00",
    bookUntil: "18:30",
    totalSeats: 8,
    currentAvailableSeats: 6,
    expiresAt: "2026-11-26T17:30:00.000Z",
    timeRemainingMinutes: 120,
    isExpiring: false,
    isExpired: false,
    isSoldOut: false,
    discountPercent: 30,
    description: "Menu degustazione a prezzo ridotto.",
    timeZone: "Europe/Rome",
    lat: 45.4642,
    lng: 9.19,
    distanceKm: null,
    ...overrides,
  };
}
