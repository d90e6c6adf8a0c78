import { z } from "zod";
import { SEARCH_CATEGORIES, ALL_CATEGORIES, type SearchCategory, type RestaurantType } from "./categories";
import { PAGE_SIZE, PEOPLE_PER_RESERVATION } from "./constants";
import { bothOrNeitherCoordinate, coordinateField, radiusField } from "./geo-query";
import type { OpeningHours } from "./opening-hours";

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
const pageFields = {
  page: z.coerce.number({ error: "validation.page" }).int("validation.page").min(1, "validation.page").default(1),
  pageSize: z.coerce
    .number({ error: "validation.pageSize" })
    .int("validation.pageSize")
    .min(1, "validation.pageSize")
    .max(PAGE_SIZE.max, "validation.pageSize")
    .default(PAGE_SIZE.default),
};

/**
 * GET /client/searchRestaurantsByLocation?location= (a city), or ?lat=&lng=&radius= (around the
 * diner, nearest first, radius in km): a city given wins over a position.
 */
export const searchRestaurantsQuerySchema = z
  .object({
    location: z.string({ error: "validation.cityRequired" }).trim().max(100, "validation.cityTooLong").optional(),
    lat: coordinateField(-90, 90),
    lng: coordinateField(-180, 180),
    radius: radiusField,
    // An empty select sends "category=": read it as "every cuisine".
    category: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum([ALL_CATEGORIES, ...SEARCH_CATEGORIES], { error: "validation.category" }).default(ALL_CATEGORIES),
    ),
    ...pageFields,
  })
  .refine(bothOrNeitherCoordinate, { error: "validation.coordinates", path: ["lat"] })
  .refine((query) => Boolean(query.location) || query.lat !== undefined, {
    error: "validation.cityRequired",
    path: ["location"],
  });
export type SearchRestaurantsQuery = z.input<typeof searchRestaurantsQuerySchema>;

/** GET /client/filterRestaurantsByType */
export const filterByTypeQuerySchema = z.object({
  type: requiredText("validation.typeRequired").pipe(z.string().max(40, "validation.typeRequired")),
  ...pageFields,
});

export const restaurantIdSchema = z.uuid({ error: "validation.restaurantIdInvalid" });
export const restaurantIdParamsSchema = z.object({ id: restaurantIdSchema });
export const restaurantIdQuerySchema = z.object({
  restaurantId: z
    .string({ error: "validation.restaurantIdRequired" })
    .min(1, "validation.restaurantIdRequired")
    .pipe(restaurantIdSchema),
});

const isoDate = z.iso.date({ error: "validation.date" });
/** GET /client/getAvailableTables/:id?date=&time=&people= */
export const availableTablesQuerySchema = z.object({
  date: isoDate.optional(),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.time")
    .optional(),
  people: z.coerce
    .number({ error: "validation.people" })
    .int("validation.people")
    .min(PEOPLE_PER_RESERVATION.min, "validation.people")
    .max(PEOPLE_PER_RESERVATION.max, "validation.people")
    .optional(),
});

export interface CityInfo {
  slug: string;
  name: string;
  nameIt: string;
  nameEn: string;
  region: string;
  lat: number;
  lng: number;
}

export interface RestaurantSummary {
  id: string;
  name: string;
  type: RestaurantType;
  city: string;
  citySlug: string;
  address: string;
  phone: string;
  description: string;
  image: string;
  imageUrl: string;
  rating: number;
  priceRange: number;
  categories: SearchCategory[];
  /** The spec's single "lat,lng" text. */
  location: string;
  lat: number;
  lng: number;
  /** Kilometres from the searched position (a search by lat/lng only). */
  distanceKm?: number;
}

export interface Table {
  id: string;
  number: number;
  capacity: number;
  isAvailable: boolean;
}

export interface RestaurantDetail extends RestaurantSummary {
  timeZone: string;
  openingHours: OpeningHours;
  capacity: number;
  tables: Table[];
}

export interface SearchRestaurantsResponse {
  success: true;
  /** The searched city; null for a search around a position. */
  city: CityInfo | null;
  restaurants: RestaurantSummary[];
  total: number;
  page: number;
  pageSize: number;
}
export interface RestaurantResponse {
  success: true;
  restaurant: RestaurantDetail;
}
/**
 * GET /client/getAvailableTables/:id. With a time, `isAvailable` means free for that whole seating
 * and big enough for the party; with a date only, free for at least one seating that day. `slots`
 * are the day's future seating times ("HH:MM") at which some table that fits is free.
 */
export interface AvailableTablesResponse {
  success: true;
  date: string;
  time: string | null;
  slots: string[];
  tables: Table[];
}
export interface CitiesResponse {
  success: true;
  cities: (CityInfo & { restaurantCount: number })[];
}
export interface ApiErrorBody {
  success: false;
  error: string;
  code: string;
  [field: string]: unknown;
}
