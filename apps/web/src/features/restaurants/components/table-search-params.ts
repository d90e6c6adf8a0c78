import { DEFAULT_TIME_ZONE, SEARCH_SLOTS, SLOT_MINUTES } from "@tavolo/shared/constants";
import { minutesOfDay, timeOfDay, wallClockOf } from "@tavolo/shared/dates";
import { askedTable, searchSort } from "@tavolo/shared/page-query";
import { searchMoment } from "@tavolo/shared/search-moment";
import type { SearchSort, TableQuery } from "../api/table-search";
import { DEFAULT_PARTY } from "./party";

/** The moment and the party, in the order the URL spells them. */
export const TABLE_FIELDS = ["date", "time", "people"] as const satisfies readonly (keyof TableQuery)[];
/** The URL parameters of /search that ask for a table, beside `location` and `category`. */
export const TABLE_PARAMS = [...TABLE_FIELDS, "sort"] as const;

export interface TableSearch {
  table: TableQuery;
  sort: SearchSort;
}

/** The date, time and party a URL asks about (the rule both sides read pages' URLs with, decision 041). */
export function tableParamsFrom(params: URLSearchParams): Partial<TableQuery> {
  return askedTable(params);
}

/**
 * What /search asks for, from its URL: each parameter that is missing or malformed takes its
 * default (today, the next quarter hour, two people, relevance), so every search is a search for a
 * table. `now` is handed in: the server's render and the browser's first render must agree
 * (decision 027).
 */
export function tableSearchFrom(params: URLSearchParams, now: Date): TableSearch {
  const moment = searchMoment(now, DEFAULT_TIME_ZONE);
  const asked = tableParamsFrom(params);
  const sort = searchSort(params);
  return {
    table: { date: asked.date ?? moment.date, time: asked.time ?? moment.time, people: asked.people ?? DEFAULT_PARTY },
    sort,
  };
}

/** Every start time of a day on the grid, for the time picker. */
export const QUARTER_HOURS = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, index) =>
  timeOfDay(index * SLOT_MINUTES),
);

/**
 * Whether a search asks about a moment already gone (decision 055): a past day, or today at a time
 * whose whole search window (±SEARCH_SLOTS.windowMinutes) is over. The page says so rather than
 * list every restaurant as full, and asks no card for its later free times (each would be a 400).
 */
export function pastMoment(table: TableQuery, now: Date): "pastDate" | "pastTime" | null {
  const clock = wallClockOf(now, DEFAULT_TIME_ZONE);
  if (table.date < clock.date) return "pastDate";
  if (table.date === clock.date && minutesOfDay(table.time) + SEARCH_SLOTS.windowMinutes < minutesOfDay(clock.time)) {
    return "pastTime";
  }
  return null;
}

/** A party the URL asked for that no booking takes ("14", "tanti"), to be said, not silently replaced. */
export function refusedParty(params: URLSearchParams): string | null {
  const raw = params.get("people");
  return raw !== null && tableParamsFrom(params).people === undefined ? raw : null;
}
