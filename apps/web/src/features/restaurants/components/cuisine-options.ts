import type { TFunction } from "i18next";
import { ALL_CATEGORIES, SEARCH_CATEGORIES, isCategoryFilter, type CategoryFilter } from "@tavolo/shared/categories";

export function cuisineOptions(t: TFunction): { value: CategoryFilter; label: string }[] {
  const values: CategoryFilter[] = [ALL_CATEGORIES, ...SEARCH_CATEGORIES];
  return values.map((value) => ({ value, label: t(`cuisine.${value}`) }));
}

/** A category from the URL: anything unknown reads as "all", so a stale link still searches. */
export function parseCategory(value: string | null): CategoryFilter {
  return isCategoryFilter(value) ? value : ALL_CATEGORIES;
}
