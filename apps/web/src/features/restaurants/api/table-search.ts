import type { SEARCH_SORTS } from "@tavolo/shared/constants";

/** What a search for a table asks besides the place (decision 026): a moment and a party. */
export interface TableQuery {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM" on the quarter-hour grid */
  time: string;
  people: number;
}

export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The query parameters a search for a table adds to searchRestaurantsByLocation. */
export const tableQueryParams = (table: TableQuery, sort: SearchSort) => ({
  date: table.date,
  time: table.time,
  people: table.people,
  // "relevance" is the server's default: left out, the URL is the one caches already know.
  sort: sort === "relevance" ? undefined : sort,
});

export const tableQueryKey = (table: TableQuery, sort: SearchSort) =>
  [table.date, table.time, table.people, sort] as const;
