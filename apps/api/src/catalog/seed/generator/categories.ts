import type { SearchCategory } from "@tavolo/shared/categories";
import { weightedPick, type Rng, type Weighted } from "./prng";
import type { Cuisine } from "./vocabulary/types";

/** How often each category is the main one, once every category has been covered. */
const CATEGORY_WEIGHTS: Weighted<SearchCategory> = [
  ["italiano", 24],
  ["pizza", 20],
  ["pesce", 12],
  ["carne", 10],
  ["sushi", 9],
  ["etnico", 8],
  ["hamburger", 7],
  ["vegetariano", 6],
  ["vegano", 4],
];

/** Each category is the main one twice among a city's first restaurants, so search always finds some. */
const GUARANTEED_ROUNDS = 2;

/**
 * The main category of restaurant #index: the city's own order of categories for the first
 * GUARANTEED_ROUNDS rounds (no draw), then a weighted draw.
 */
export function mainCategory(rng: Rng, categoryOrder: readonly SearchCategory[], index: number): SearchCategory {
  const roundRobin =
    index < GUARANTEED_ROUNDS * categoryOrder.length ? categoryOrder[index % categoryOrder.length] : undefined;
  return roundRobin ?? weightedPick(rng, CATEGORY_WEIGHTS);
}

/** Main category first, then up to two secondary ones: 1 to 3 in total, no repeats. */
export function pickCategories(rng: Rng, cuisine: Cuisine): SearchCategory[] {
  const categories: SearchCategory[] = [cuisine.category];
  for (const [extra, probability] of cuisine.extras) {
    if (categories.length >= 3) break;
    if (!categories.includes(extra) && rng() < probability) categories.push(extra);
  }
  return categories;
}
