import { z } from "zod";
import { userIdSchema } from "./auth";
import { absentAsUndefined, bothOrNeitherCoordinate, coordinateField, radiusField } from "./geo-query";
import { ALL_CATEGORIES, SEARCH_CATEGORIES, type SearchCategory } from "./categories";
import { PEOPLE_PER_RESERVATION } from "./constants";
import { OFFER_NOTES_MAX_LENGTH } from "./offer-time";

/** Last Minute offers (SPEC §3, §7; issue 6): requests and answers; the deadline rules live in offer-time.ts (zod-free, for the web app) and are re-exported here. */

export {
  EXPIRING_SOON_MINUTES,
  OFFER_LIST_LIMIT,
  OFFER_NOTES_MAX_LENGTH,
  offerDeadline,
  offerTimeLeft,
  type TimeLeft,
} from "./offer-time";

/** Query strings carry text: "true"/"1" are yes, "false"/"0"/"" no; anything else is invalid. */
const booleanText = (value: unknown) => {
  if (value === undefined || value === null || value === "") return undefined;
  if (value === true || value === "true" || value === "1") return true;
  if (value === false || value === "false" || value === "0") return false;
  return value;
};
const categoryField = z.preprocess(
  absentAsUndefined,
  z.enum([ALL_CATEGORIES, ...SEARCH_CATEGORIES], { error: "validation.category" }).default(ALL_CATEGORIES),
);
const includeNearbyField = z.preprocess(
  booleanText,
  z.boolean({ error: "validation.includeNearbyCities" }).default(false),
);
const cityField = z
  .string({ error: "validation.cityRequired" })
  .trim()
  .min(1, "validation.cityRequired")
  .max(100, "validation.cityTooLong");

/** GET /client/getAvailableLastMinute?category= or ?lat=&lng=&radius=&category= */
export const availableLastMinuteQuerySchema = z
  .object({
    category: categoryField,
    lat: coordinateField(-90, 90),
    lng: coordinateField(-180, 180),
    radius: radiusField,
  })
  .refine(bothOrNeitherCoordinate, {
    error: "validation.coordinates",
    path: ["lat"],
  });
export type AvailableLastMinuteQuery = z.output<typeof availableLastMinuteQuerySchema>;

/** GET /client/getLastMinuteByCity?city=&includeNearbyCities=&radius=&category= */
export const lastMinuteByCityQuerySchema = z.object({
  city: cityField,
  includeNearbyCities: includeNearbyField,
  radius: radiusField,
  category: categoryField,
});
export type LastMinuteByCityQuery = z.output<typeof lastMinuteByCityQuerySchema>;

export const lastMinuteIdParamsSchema = z.object({ id: z.uuid({ error: "validation.offerIdInvalid" }) });

/** POST /client/bookLastMinute (SPEC §7 payload). The caller comes from the token; `userId` may only repeat it, as in makeReservation. */
export const bookLastMinuteRequestSchema = z.object({
  userId: z.preprocess(absentAsUndefined, userIdSchema.optional()),
  lastMinuteId: z.uuid({ error: "validation.offerIdInvalid" }),
  // A JSON number only: "2" is refused (decision 019). The booking form holds a number.
  people: z
    .number({ error: "validation.people" })
    .int("validation.people")
    .min(PEOPLE_PER_RESERVATION.min, "validation.people")
    .max(PEOPLE_PER_RESERVATION.max, "validation.people"),
  notes: z.preprocess(
    (value) => value ?? "",
    z.string({ error: "validation.invalidInput" }).trim().max(OFFER_NOTES_MAX_LENGTH, "validation.notesTooLong"),
  ),
});
export type BookLastMinuteRequest = z.input<typeof bookLastMinuteRequestSchema>;
export type BookLastMinuteInput = z.output<typeof bookLastMinuteRequestSchema>;

/** POST /client/registerCityAvailabilityInterest */
export const registerCityInterestRequestSchema = z.object({
  city: cityField,
  includeNearbyCities: includeNearbyField,
  radius: radiusField,
});
export type RegisterCityInterestRequest = z.input<typeof registerCityInterestRequestSchema>;

/** City slugs as the catalog writes them: lower-case words joined by hyphens ("reggio-emilia"). */
const CITY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** DELETE /client/city-interests/:city */
export const cityInterestParamsSchema = z.object({
  city: z.string().max(100, "validation.citySlugInvalid").regex(CITY_SLUG, "validation.citySlugInvalid"),
});

/** One city alert of the signed-in diner; the name is in the request's language. */
export interface CityInterest {
  city: { slug: string; name: string };
  includeNearbyCities: boolean;
  /** Km around the city's centre; only meaningful when includeNearbyCities. */
  radius: number;
}

/** GET /client/city-interests: the caller's alerts, by city name. */
export interface CityInterestListResponse {
  success: true;
  interests: CityInterest[];
}

/** DELETE /client/city-interests/:city */
export interface CityInterestRemovedResponse {
  success: true;
  message: string;
}

/** One offer as every answer carries it (SPEC §3 fields first). */
export interface LastMinuteOffer {
  id: string;
  restaurantId: string;
  restaurantName: string;
  restaurantImageUrl: string;
  restaurantAddress: string;
  city: string;
  citySlug: string;
  categories: SearchCategory[];
  /** "YYYY-MM-DD" on the restaurant's wall clock, and the same date written for the request's language. */
  date: string;
  formattedDate: string;
  /** "HH:MM", restaurant wall clock. */
  startTime: string;
  endTime: string;
  bookUntil: string;
  totalSeats: number;
  currentAvailableSeats: number;
  /** The instant bookUntil falls on (ISO): clients count down to it with their own clock. */
  expiresAt: string;
  /** Whole minutes left when answered (0 once expired). */
  timeRemainingMinutes: number;
  isExpiring: boolean;
  isExpired: boolean;
  isSoldOut: boolean;
  discountPercent: number | null;
  description: string;
  timeZone: string;
  lat: number;
  lng: number;
  /** From the diner (GPS) or from the chosen city's centre; null when neither applies. */
  distanceKm: number | null;
}

export interface LastMinuteListResponse {
  success: true;
  offers: LastMinuteOffer[];
  /** The city searched (getLastMinuteByCity) and the nearby ones included. */
  city?: { slug: string; name: string; lat: number; lng: number };
  nearbyCities?: { slug: string; name: string; distanceKm: number }[];
}

export interface LastMinuteOfferResponse {
  success: true;
  offer: LastMinuteOffer;
}
