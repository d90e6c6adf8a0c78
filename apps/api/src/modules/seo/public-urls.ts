import { paths } from "@tavolo/shared/app-paths";
import { ALL_CATEGORIES } from "@tavolo/shared/categories";
import type { Language } from "@tavolo/shared/languages";

/**
 * The public pages' addresses, and the one rule for their language versions (decision 028): each
 * language version is the page's URL with `lang=it` or `lang=en` added last; the URL without `lang`
 * is the x-default, which picks the language from the visitor's cookie or browser. Page heads
 * (canonical, hreflang) and the sitemap both build their URLs here, so they always agree.
 */

/**
 * Path and query naming each public page (the app's own paths): a search is named by its city and
 * cuisine only, and searching every cuisine is the page without one.
 */
export const publicPaths = {
  home: paths.home,
  search: (query: { location?: string; category?: string } = {}) =>
    paths.search({
      location: query.location,
      category: query.category === ALL_CATEGORIES ? undefined : query.category,
    }),
  restaurant: (id: string) => paths.restaurant(id),
  offer: paths.offer,
} as const;

/** The address of one language version of `path` (null: the x-default, negotiated). */
export function localizedUrl(origin: string, path: string, language: Language | null): string {
  const url = new URL(path, withoutTrailingSlash(origin) + "/");
  url.searchParams.delete("lang");
  if (language) url.searchParams.set("lang", language);
  return url.toString();
}

/** Every hreflang alternate of a page: it, en and x-default, in that order. */
export function languageAlternates(origin: string, path: string): { hreflang: string; href: string }[] {
  return [
    { hreflang: "it", href: localizedUrl(origin, path, "it") },
    { hreflang: "en", href: localizedUrl(origin, path, "en") },
    { hreflang: "x-default", href: localizedUrl(origin, path, null) },
  ];
}

/** APP_ORIGIN may be written with a trailing slash; URLs are built from it without one. */
export function withoutTrailingSlash(origin: string): string {
  return origin.replace(/\/+$/, "");
}
