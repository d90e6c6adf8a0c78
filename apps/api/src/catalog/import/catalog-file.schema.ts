import { z } from "zod";
import { CLOCK_TIME } from "@tavolo/shared/dates";
import { SEARCH_CATEGORIES, RESTAURANT_TYPES } from "@tavolo/shared/categories";
import { openingHoursSchema } from "@tavolo/shared/opening-hours";
import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const tableSchema = z.object({
  number: z.number().int().positive(),
  capacity: z.number().int().min(1).max(20),
  active: z.boolean().default(true),
});

/** One restaurant of an import file (`npm run db:import FILE.json`). See docs/import-format.md. */
export const importRestaurantSchema = z.object({
  id: z.uuid().optional(),
  city: z.string().trim().min(1),
  name: z.string().trim().min(1).max(120),
  type: z.enum(RESTAURANT_TYPES),
  categories: z.array(z.enum(SEARCH_CATEGORIES)).min(1).max(9),
  description: z.object({ it: z.string().max(2_000), en: z.string().max(2_000) }).default({ it: "", en: "" }),
  address: z.string().trim().min(1).max(300),
  phone: z.string().regex(/^\+?[0-9 ()-]{6,20}$/, "not a phone number"),
  image: z
    .string()
    .regex(/^[a-z]+-[0-9]+$/, "an image key such as pizza-2")
    .optional(),
  rating: z.number().min(0).max(5).default(0),
  priceRange: z.number().int().min(1).max(4).default(2),
  openingHours: openingHoursSchema,
  timeZone: z.string().refine(isTimeZone, "unknown time zone").default(DEFAULT_TIME_ZONE),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  autoConfirm: z.boolean().default(true),
  tables: z
    .array(tableSchema)
    .min(1)
    .refine((tables) => new Set(tables.map((t) => t.number)).size === tables.length, "table numbers must be unique"),
});

export const importCitySchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  nameIt: z.string().trim().min(1),
  nameEn: z.string().trim().min(1),
  region: z.string().trim().min(1),
  province: z.string().trim().min(1).max(4),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  population: z.number().int().min(0).default(0),
  aliases: z.array(z.string().trim().min(1)).default([]),
});

const hhmm = z.string().regex(CLOCK_TIME, "a time HH:MM");

/** One Last Minute offer: seats of a restaurant (stored, or in this file with its id) for one seating. */
export const importOfferSchema = z
  .object({
    id: z.uuid().optional(),
    restaurantId: z.uuid(),
    date: z.iso.date(),
    startTime: hhmm,
    endTime: hhmm,
    bookUntil: hhmm,
    totalSeats: z.number().int().min(1).max(500),
    availableSeats: z.number().int().min(0).optional(),
    categories: z.array(z.enum(SEARCH_CATEGORIES)).min(1).max(9).optional(),
    discountPercent: z.number().int().min(1).max(90).nullable().default(null),
    description: z.object({ it: z.string().max(2_000), en: z.string().max(2_000) }).default({ it: "", en: "" }),
  })
  .refine((offer) => offer.bookUntil <= offer.startTime, {
    path: ["bookUntil"],
    message: "must not be later than startTime",
  })
  .refine((offer) => offer.startTime !== offer.endTime, { path: ["endTime"], message: "must differ from startTime" })
  .refine((offer) => offer.availableSeats === undefined || offer.availableSeats <= offer.totalSeats, {
    path: ["availableSeats"],
    message: "must not exceed totalSeats",
  });

export const catalogFileSchema = z.object({
  cities: z.array(importCitySchema).default([]),
  restaurants: z.array(importRestaurantSchema).default([]),
  offers: z.array(importOfferSchema).default([]),
});
export type CatalogFile = z.output<typeof catalogFileSchema>;
