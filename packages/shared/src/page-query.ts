import type { RenderedPageRoute } from "./app-paths";
import { ALL_CATEGORIES, isCategoryFilter } from "./categories";
import { PEOPLE_PER_RESERVATION, SEARCH_SORTS, SLOT_MINUTES } from "./constants";
import { CLOCK_TIME, ISO_DATE, minutesOfDay } from "./clock-patterns";

/**
 * Which query parameters each server-rendered page reads, and in which form: one rule for the web
 * app (which reads its URL with it) and the API (which keys its page cache and renders with it), so
 * a parameter no page reads — `utm_*`, `fbclid`, `gclid`, `?x=1` — can never make a new render
 * (decision 041). No zod: the search page's first load reads it (decision 012).
 */

/** The party a search for a table assumes until the diner says otherwise (decision 026). */
export const DEFAULT_PARTY = 2;
/** The order of a search that names none. */
export const DEFAULT_SEARCH_SORT = "relevance";

/** Date, time and party a URL asks about: each only when given and well formed. */
export interface AskedTable {
  date?: string;
  time?: string;
  people?: number;
}

/**
 * The date, time and party a URL asks about, each only when it is given and well formed (a
 * hand-edited link never becomes a 400): /search fills the rest with defaults, the restaurant page
 * starts its picker from them, and the booking form its prefill (decision 026; the browser's start
 * chunk reads a chip's link with it too, decision 080).
 */
export function askedTable(params: URLSearchParams): AskedTable {
  const date = params.get("date") ?? "";
  const time = params.get("time") ?? "";
  const people = Number(params.get("people"));
  return {
    date: ISO_DATE.test(date) ? date : undefined,
    // Off the quarter-hour grid nothing could ever be free: as if not asked.
    time: CLOCK_TIME.test(time) && minutesOfDay(time) % SLOT_MINUTES === 0 ? time : undefined,
    people:
      Number.isInteger(people) && people >= PEOPLE_PER_RESERVATION.min && people <= PEOPLE_PER_RESERVATION.max
        ? people
        : undefined,
  };
}

/** A search's order from its URL: an unknown one is the default. */
export function searchSort(params: URLSearchParams): (typeof SEARCH_SORTS)[number] {
  return SEARCH_SORTS.find((value) => value === params.get("sort")) ?? DEFAULT_SEARCH_SORT;
}

/**
 * The query of a rendered page reduced to what the page reads, in one spelling: names sorted,
 * malformed values and defaults dropped (`people=2`, `sort=relevance`, `category=all`), everything
 * else gone. Two URLs with the same answer here render the same page. `lang` is not kept: the page's
 * language is decided apart (cookie, Accept-Language) and keys the cache beside this.
 */
export function pageQuery(route: RenderedPageRoute, params: URLSearchParams): string {
  const kept: [string, string][] = [];
  const keep = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") kept.push([name, String(value)]);
  };
  if (route === "search" || route === "restaurant") {
    const asked = askedTable(params);
    keep("date", asked.date);
    keep("time", asked.time);
    // The restaurant page tells "asked for two" from "asked nothing" (its first free day): kept there.
    keep("people", route === "search" && asked.people === DEFAULT_PARTY ? undefined : asked.people);
  }
  if (route === "search") {
    keep("location", (params.get("location") ?? "").trim());
    const category = params.get("category");
    keep("category", isCategoryFilter(category) && category !== ALL_CATEGORIES ? category : undefined);
    const sort = searchSort(params);
    keep("sort", sort === DEFAULT_SEARCH_SORT ? undefined : sort);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}
