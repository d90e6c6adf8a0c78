import { z } from "zod";
import { CLOCK_TIME } from "./dates";
import { SEARCH_CATEGORIES, ALL_CATEGORIES, RESTAURANT_TYPES } from "./categories";
import { PAGE_SIZE, PEOPLE_PER_RESERVATION, SEARCH_SORTS } from "./constants";
import { absentAsUndefined, bothOrNeitherCoordinate, coordinateField, radiusField } from "./geo-query";
import { openingHoursSchema } from "./opening-hours";

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

const isoDate = z.iso.date({ error: "validation.date" });
const timeField = z.string().regex(CLOCK_TIME, "validation.time");
const peopleField = z.coerce
  .number({ error: "validation.people" })
  .int("validation.people")
  .min(PEOPLE_PER_RESERVATION.min, "validation.people")
  .max(PEOPLE_PER_RESERVATION.max, "validation.people");

/** A search for a table (date, time and party together); one or two of them alone change nothing. */
export function wantsSlots<
  Q extends { date?: string | undefined; time?: string | undefined; people?: number | undefined },
>(query: Q): query is Q & { date: string; time: string; people: number } {
  return query.date !== undefined && query.time !== undefined && query.people !== undefined;
}

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
    // A table for a party at a moment (decision 024): with all three, every restaurant lists its free start times.
    date: z.preprocess(absentAsUndefined, isoDate.optional()),
    time: z.preprocess(absentAsUndefined, timeField.optional()),
    people: z.preprocess(absentAsUndefined, peopleField.optional()),
    sort: z.preprocess(absentAsUndefined, z.enum(SEARCH_SORTS, { error: "validation.sort" }).default("relevance")),
    ...pageFields,
  })
  .refine(bothOrNeitherCoordinate, { error: "validation.coordinates", path: ["lat"] })
  .refine((query) => Boolean(query.location) || query.lat !== undefined, {
    error: "validation.cityRequired",
    path: ["location"],
  })
  .refine((query) => query.sort !== "distance" || query.lat !== undefined, {
    error: "validation.sortDistance",
    path: ["sort"],
  })
  .refine((query) => query.sort !== "soonest" || wantsSlots(query), {
    error: "validation.sortSoonest",
    path: ["sort"],
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

/** GET /client/getAvailableTables/:id?date=&time=&people= */
export const availableTablesQuerySchema = z.object({
  date: isoDate.optional(),
  time: timeField.optional(),
  people: peopleField.optional(),
});

/** GET /client/getAvailableSlots/:id?date=&people= (date: today on the restaurant's clock; people: any party). */
export const availableSlotsQuerySchema = z.object({
  date: isoDate.optional(),
  people: peopleField.optional(),
});

export const cityInfoSchema = z.object({
  slug: z.string(),
  /** In the request's language. */
  name: z.string(),
  nameIt: z.string(),
  nameEn: z.string(),
  region: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type CityInfo = z.output<typeof cityInfoSchema>;

export const searchCategorySchema = z.enum(SEARCH_CATEGORIES);

export const restaurantSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(RESTAURANT_TYPES),
  city: z.string(),
  citySlug: z.string(),
  address: z.string(),
  phone: z.string(),
  description: z.string(),
  /** `image` and `imageUrl` carry the same address (SPEC §3 names both). */
  image: z.string(),
  imageUrl: z.string(),
  rating: z.number(),
  priceRange: z.number(),
  categories: z.array(searchCategorySchema),
  /** The spec's single "lat,lng" text. */
  location: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Kilometres from the searched position (a search by lat/lng only). */
  distanceKm: z.number().optional(),
});

/** A search result of a search for a table: its free start times near the asked one ("HH:MM", in order). */
export const searchResultSchema = /* @__PURE__ */ restaurantSummarySchema.extend({
  availableSlots: z.array(z.string()).optional(),
  /**
   * Only when the restaurant has no seating at all near the asked moment (closed then, decision
   * 055): its next seating after it, null when it does not open again within the booking horizon.
   */
  nextOpening: z.object({ date: z.string(), time: z.string() }).nullable().optional(),
});
export type SearchResult = z.output<typeof searchResultSchema>;
export type RestaurantSummary = z.output<typeof restaurantSummarySchema>;

export const tableSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  capacity: z.number().int(),
  isAvailable: z.boolean(),
});
export type Table = z.output<typeof tableSchema>;

export const restaurantDetailSchema = /* @__PURE__ */ restaurantSummarySchema.extend({
  timeZone: z.string(),
  openingHours: openingHoursSchema,
  capacity: z.number().int(),
  tables: z.array(tableSchema),
});
export type RestaurantDetail = z.output<typeof restaurantDetailSchema>;

const restaurantPageFields = {
  restaurants: z.array(restaurantSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

/** GET /client/searchRestaurantsByLocation */
export const searchRestaurantsResponseSchema = z.object({
  success: z.literal(true),
  /** The searched city; null for a search around a position. */
  city: cityInfoSchema.nullable(),
  ...restaurantPageFields,
  restaurants: z.array(searchResultSchema),
});
export type SearchRestaurantsResponse = z.output<typeof searchRestaurantsResponseSchema>;

/** GET /client/filterRestaurantsByType */
export const filterByTypeResponseSchema = z.object({ success: z.literal(true), ...restaurantPageFields });
export type FilterByTypeResponse = z.output<typeof filterByTypeResponseSchema>;

/** GET /client/getRestaurantById (all three spellings) */
export const restaurantResponseSchema = z.object({ success: z.literal(true), restaurant: restaurantDetailSchema });
export type RestaurantResponse = z.output<typeof restaurantResponseSchema>;

/**
 * GET /client/getAvailableTables/:id. `isAvailable` means free for the whole seating at `time` (its
 * bookings and holds counted) and big enough for the party. `time` is the asked time, else the day's
 * next seating still to come, null when none is left (then no table is available). `slots` are the
 * day's future seating times ("HH:MM") at which some table that fits is free.
 */
export const availableTablesResponseSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  time: z.string().nullable(),
  slots: z.array(z.string()),
  tables: z.array(tableSchema),
});
export type AvailableTablesResponse = z.output<typeof availableTablesResponseSchema>;

/** GET /client/getAvailableSlots/:id: every start time of the day at which a table for the party is free. */
export const availableSlotsResponseSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  people: z.number().int().nullable(),
  slots: z.array(z.string()),
});
export type AvailableSlotsResponse = z.output<typeof availableSlotsResponseSchema>;

/** GET /client/getAllAvailableCities */
export const citiesResponseSchema = z.object({
  success: z.literal(true),
  cities: z.array(/* @__PURE__ */ cityInfoSchema.extend({ restaurantCount: z.number().int() })),
});
export type CitiesResponse = z.output<typeof citiesResponseSchema>;
