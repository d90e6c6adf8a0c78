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
export type CategoryFilter = typeof ALL_CATEGORIES | SearchCategory;

/**
 * Plain code, no zod: the home and search pages read categories before any form needs zod, and a
 * schema here would bring zod's 24 KiB (gzipped) into their first load (decision 012).
 */
export function isCategoryFilter(value: unknown): value is CategoryFilter {
  return value === ALL_CATEGORIES || (SEARCH_CATEGORIES as readonly unknown[]).includes(value);
}

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
