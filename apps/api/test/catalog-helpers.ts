import { ITALIAN_CITIES } from "../src/catalog/seed/italian-cities";
import type { RestaurantInput } from "../src/modules/restaurants/catalog-writes.repository";
import { everyDay, ROME } from "./reservation-helpers";

/**
 * A trattoria open all day on the centre of a seed city (its real coordinates), with one table for
 * four, naming `categories`: what a suite writes when the restaurant itself is not its subject.
 */
export function restaurantIn(citySlug: string, name: string, categories: string[]): RestaurantInput {
  const city = ITALIAN_CITIES.find((candidate) => candidate.slug === citySlug)!;
  return {
    citySlug,
    name,
    type: "trattoria",
    categories,
    descriptionIt: "",
    descriptionEn: "",
    address: "Piazza del Duomo 1",
    phone: "+39 02 1234567",
    imageKey: `${categories[0]}-1`,
    rating: 4.2,
    priceRange: 2,
    openingHours: everyDay({ open: "00:00", close: "23:45" }),
    timeZone: ROME,
    lat: city.lat,
    lng: city.lng,
    autoConfirm: true,
    tables: [{ number: 1, capacity: 4 }],
  };
}
