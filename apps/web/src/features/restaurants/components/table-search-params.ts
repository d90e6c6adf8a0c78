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
 * What /search asks for, from its URL: each parameter that is missing or malformed takes its
 * default (today, the next quarter hour, two people, relevance), so every search is a search for a
 * table and a hand-edited link never becomes a 400. `now` is handed in: the server's render and
 * the browser's first render must agree (ssr15).
 */
export function tableSearchFrom(params: URLSearchParams, now: Date): TableSearch {
  const moment = searchMoment(now, DEFAULT_TIME_ZONE);
  const date = params.get("date") ?? "";
  const time = params.get("time") ?? "";
  const people = Number(params.get("people"));
  const sort = SEARCH_SORTS.find((value) => value === params.get("sort")) ?? "relevance";
  return {
    table: {
      date: ISO_DATE.test(date) ? date : moment.date,
      // Off the quarter-hour grid nothing could ever be free: back to the default.
      time: TIME.test(time) && minutesOfDay(time) % SLOT_MINUTES === 0 ? time : moment.time,
      people:
        Number.isInteger(people) && people >= PEOPLE_PER_RESERVATION.min && people <= PEOPLE_PER_RESERVATION.max
          ? people
          : DEFAULT_PARTY,
    },
    sort,
  };
}

/** Every start time of a day on the grid, for the time picker. */
export const QUARTER_HOURS = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, index) =>
  timeOfDay(index * SLOT_MINUTES),
);
