import { DEFAULT_TIME_ZONE, PEOPLE_PER_RESERVATION, SEARCH_SORTS, SLOT_MINUTES } from "@tavolo/shared/constants";
import { minutesOfDay, timeOfDay } from "@tavolo/shared/dates";
import { searchMoment } from "@tavolo/shared/search-moment";
import type { SearchSort, TableQuery } from "../api/table-search";
import { DEFAULT_PARTY } from "./party";

/** The URL parameters of /search that ask for a table, beside `location` and `category`. */
export const TABLE_PARAMS = ["date", "time", "people", "sort"] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface TableSearch {
  table: TableQuery;
  sort: SearchSort;
}

/**
 * The date, time and party a URL asks about, each only when it is given and well formed (a
 * hand-edited link never becomes a 400): /search fills the rest with defaults, the restaurant page
 * starts its picker from them.
 */
export function tableParamsFrom(params: URLSearchParams): Partial<TableQuery> {
  const date = params.get("date") ?? "";
  const time = params.get("time") ?? "";
  const people = Number(params.get("people"));
  return {
    date: ISO_DATE.test(date) ? date : undefined,
    // Off the quarter-hour grid nothing could ever be free: as if not asked.
    time: TIME.test(time) && minutesOfDay(time) % SLOT_MINUTES === 0 ? time : undefined,
    people:
      Number.isInteger(people) && people >= PEOPLE_PER_RESERVATION.min && people <= PEOPLE_PER_RESERVATION.max
        ? people
        : undefined,
  };
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
  const sort = SEARCH_SORTS.find((value) => value === params.get("sort")) ?? "relevance";
  return {
    table: { date: asked.date ?? moment.date, time: asked.time ?? moment.time, people: asked.people ?? DEFAULT_PARTY },
    sort,
  };
}

/** Every start time of a day on the grid, for the time picker. */
export const QUARTER_HOURS = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, index) =>
  timeOfDay(index * SLOT_MINUTES),
);
