import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AvailableTablesResponse } from "@tavolo/shared/restaurants";
import { clientPath, type ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";

export interface TablesQuery {
  date: string;
  time?: string;
  people?: number;
}

export function getAvailableTables(id: string, query: TablesQuery, signal: AbortSignal | undefined, api: ApiClient) {
  return api.get<AvailableTablesResponse>(clientPath(`/getAvailableTables/${encodeURIComponent(id)}`), {
    query: { date: query.date, time: query.time, people: query.people },
    signal,
  });
}

/** A restaurant's free tables on a day: the page's query and the server render's loader share it. */
export const tablesQuery = (id: string, query: TablesQuery, api: ApiClient) =>
  queryOptions({
    queryKey: ["restaurants", "tables", id, query.date, query.time ?? null, query.people ?? null],
    queryFn: ({ signal }) => getAvailableTables(id, query, signal, api),
    // Availability moves while people book: keep it fresh.
    staleTime: 30_000,
  });

/**
 * What the restaurant page's "today's tables" asks: today (in Italy), at the time the page's link
 * asked for when it asked for today; else the server describes the next seating still to come and
 * names it (decision 035). The page and the server render's loader ask the same.
 */
export function todaysTablesQuery(today: string, asked: Partial<TablesQuery> | undefined): TablesQuery {
  return asked?.time !== undefined && (asked.date ?? today) === today
    ? { date: today, time: asked.time }
    : { date: today };
}

export function useAvailableTables(id: string | undefined, query: TablesQuery) {
  return useQuery({
    ...tablesQuery(id ?? "", query, useApiClient()),
    select: (response) => ({ time: response.time, tables: response.tables }),
    enabled: Boolean(id),
  });
}
