import type { Offer, OpeningHoursSpecification, Restaurant, WithContext } from "schema-dts";
import { WEEKDAYS } from "@tavolo/shared/opening-hours";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import type { SeoTexts } from "./seo-texts";

/**
 * schema.org JSON-LD for the restaurant and offer pages (decision 028), typed by `schema-dts` (the
 * schema.org vocabulary as TypeScript) and checked at run time in structured-data.test.ts against
 * the vocabulary's JSON Schemas.
 */

// schema.org's enumeration members by name ("Monday", "SoldOut"), as its context resolves them.
const DAY_OF_WEEK = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
} as const;

/** schema.org Time is "hh:mm:ss"; opening hours are kept as "HH:MM". */
const schemaTime = (hhmm: string) => `${hhmm}:00`;

interface Links {
  /** Absolute URL of the page (its canonical). */
  url: string;
  /** Absolute URL of its share card (PNG, 1200×630). */
  image: string;
}

/** The restaurant as a schema.org Restaurant; `restaurantUrl` is its page, also when nested in an offer. */
function restaurantNode(
  restaurant: Pick<RestaurantDetail, "name" | "address" | "city" | "lat" | "lng"> & { phone?: string },
  restaurantUrl: string,
): Restaurant {
  return {
    "@type": "Restaurant",
    name: restaurant.name,
    url: restaurantUrl,
    address: {
      "@type": "PostalAddress",
      streetAddress: restaurant.address,
      addressLocality: restaurant.city,
      addressCountry: "IT",
    },
    geo: { "@type": "GeoCoordinates", latitude: restaurant.lat, longitude: restaurant.lng },
    ...(restaurant.phone ? { telephone: restaurant.phone } : {}),
  };
}

export function restaurantJsonLd(restaurant: RestaurantDetail, texts: SeoTexts, links: Links): WithContext<Restaurant> {
  const hours: OpeningHoursSpecification[] = WEEKDAYS.flatMap((day) => {
    const slot = restaurant.openingHours[day];
    return slot
      ? [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: DAY_OF_WEEK[day],
            opens: schemaTime(slot.open),
            closes: schemaTime(slot.close),
          },
        ]
      : [];
  });
  return {
    "@context": "https://schema.org",
    ...(restaurantNode(restaurant, links.url) as object),
    "@type": "Restaurant",
    name: restaurant.name,
    image: links.image,
    ...(restaurant.description ? { description: restaurant.description } : {}),
    servesCuisine: restaurant.categories.map((category) => texts.cuisine[category]).join(", "),
    openingHoursSpecification: hours,
    acceptsReservations: true,
    priceRange: "€".repeat(restaurant.priceRange),
  };
}

/** A Last Minute offer: a table at a seating, bookable until bookUntil, with its discount. */
export function offerJsonLd(
  offer: LastMinuteOffer,
  words: { name: string; description: string },
  links: Links & { restaurantUrl: string },
): WithContext<Offer> {
  return {
    "@context": "https://schema.org",
    "@type": "Offer",
    name: words.name,
    description: words.description,
    url: links.url,
    image: links.image,
    category: "Last Minute",
    availability: offer.isExpired || offer.isSoldOut ? "SoldOut" : "LimitedAvailability",
    // The deadline to book, as an instant (bookUntil on the restaurant's clock).
    validThrough: offer.expiresAt,
    availabilityEnds: offer.expiresAt,
    inventoryLevel: { "@type": "QuantitativeValue", value: offer.currentAvailableSeats },
    // No priceSpecification: Google requires its price and priceCurrency, and an offer is a discount
    // on a menu with no price of its own; the discount is in the name ("Sconto 30%"). Decision 040.
    offeredBy: restaurantNode(
      {
        name: offer.restaurantName,
        address: offer.restaurantAddress,
        city: offer.city,
        lat: offer.lat,
        lng: offer.lng,
      },
      links.restaurantUrl,
    ),
  };
}

/** JSON for inside <script>: "<" (and ">", "&", U+2028/9) escaped, so no text can close the script. */
export function jsonLdScript(data: object): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}
