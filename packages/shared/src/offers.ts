import { z } from "zod";
import { messageResponseSchema } from "./api-responses";
import { userIdSchema } from "./auth";
import { absentAsUndefined, bothOrNeitherCoordinate, coordinateField, radiusField } from "./geo-query";
import { ALL_CATEGORIES, SEARCH_CATEGORIES } from "./categories";
import { PEOPLE_PER_RESERVATION } from "./constants";
import { OFFER_NOTES_MAX_LENGTH } from "./offer-time";
import { reservationSchema } from "./reservations";

/** Last Minute offers (SPEC §3, §7; decision 009): requests and answers; the deadline rules live in offer-time.ts (zod-free, for the web app) and are re-exported here. */

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
export const cityInterestSchema = z.object({
  city: z.object({ slug: z.string(), name: z.string() }),
  includeNearbyCities: z.boolean(),
  /** Km around the city's centre; only meaningful when includeNearbyCities. */
  radius: z.number(),
});
export type CityInterest = z.output<typeof cityInterestSchema>;

/** GET /client/city-interests: the caller's alerts, by city name. */
export const cityInterestListResponseSchema = z.object({
  success: z.literal(true),
  interests: z.array(cityInterestSchema),
});
export type CityInterestListResponse = z.output<typeof cityInterestListResponseSchema>;

/** POST /client/registerCityAvailabilityInterest */
export const registerCityInterestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  interest: z.object({
    city: z.string(),
    citySlug: z.string(),
    includeNearbyCities: z.boolean(),
    radius: z.number(),
  }),
});
export type RegisterCityInterestResponse = z.output<typeof registerCityInterestResponseSchema>;

/** DELETE /client/city-interests/:city */
export const cityInterestRemovedResponseSchema = messageResponseSchema;
export type CityInterestRemovedResponse = z.output<typeof cityInterestRemovedResponseSchema>;

/** One offer as every answer carries it (SPEC §3 fields first). */
export const lastMinuteOfferSchema = z.object({
  id: z.string(),
  restaurantId: z.string(),
  restaurantName: z.string(),
  restaurantImageUrl: z.string(),
  restaurantAddress: z.string(),
  city: z.string(),
  citySlug: z.string(),
  categories: z.array(z.enum(SEARCH_CATEGORIES)),
  /** "YYYY-MM-DD" on the restaurant's wall clock, and the same date written for the request's language. */
  date: z.string(),
  formattedDate: z.string(),
  /** "HH:MM", restaurant wall clock. */
  startTime: z.string(),
  endTime: z.string(),
  bookUntil: z.string(),
  totalSeats: z.number().int(),
  currentAvailableSeats: z.number().int(),
  /** The instant bookUntil falls on (ISO): clients count down to it with their own clock. */
  expiresAt: z.string(),
  /** Whole minutes left when answered (0 once expired). */
  timeRemainingMinutes: z.number().int(),
  isExpiring: z.boolean(),
  isExpired: z.boolean(),
  isSoldOut: z.boolean(),
  discountPercent: z.number().nullable(),
  description: z.string(),
  timeZone: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** From the diner (GPS) or from the chosen city's centre; null when neither applies. */
  distanceKm: z.number().nullable(),
});
export type LastMinuteOffer = z.output<typeof lastMinuteOfferSchema>;

/** GET /client/getAvailableLastMinute and /client/getLastMinuteByCity */
export const lastMinuteListResponseSchema = z.object({
  success: z.literal(true),
  offers: z.array(lastMinuteOfferSchema),
  /** The city searched (getLastMinuteByCity) and the nearby ones included. */
  city: z.object({ slug: z.string(), name: z.string(), lat: z.number(), lng: z.number() }).optional(),
  nearbyCities: z.array(z.object({ slug: z.string(), name: z.string(), distanceKm: z.number() })).optional(),
});
export type LastMinuteListResponse = z.output<typeof lastMinuteListResponseSchema>;

/** GET /client/getLastMinuteById/:id */
export const lastMinuteOfferResponseSchema = z.object({ success: z.literal(true), offer: lastMinuteOfferSchema });
export type LastMinuteOfferResponse = z.output<typeof lastMinuteOfferResponseSchema>;

/** POST /client/bookLastMinute (201): the booking, and the offer after it with the seats left. */
export const bookLastMinuteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  reservation: reservationSchema,
  offer: lastMinuteOfferSchema,
});
export type BookLastMinuteResponse = z.output<typeof bookLastMinuteResponseSchema>;
