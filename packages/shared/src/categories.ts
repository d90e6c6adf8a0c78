import { z } from "zod";

/** Cuisine values used in search URLs and stored on restaurants (SPEC §3, search values). */
export const SEARCH_CATEGORIES = [
  "carne",
  "pesce",
  "pizza",
  "sushi",
  "hamburger",
  "vegetariano",
  "vegano",
  "italiano",
  "etnico",
] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];
export const ALL_CATEGORIES = "all";
export const categoryFilterSchema = z.enum([ALL_CATEGORIES, ...SEARCH_CATEGORIES]);
export type CategoryFilter = z.infer<typeof categoryFilterSchema>;

export const RESTAURANT_TYPES = [
  "ristorante",
  "trattoria",
  "osteria",
  "pizzeria",
  "sushi bar",
  "braceria",
  "bistrot",
  "hamburgeria",
  "enoteca",
] as const;
export type RestaurantType = (typeof RESTAURANT_TYPES)[number];
