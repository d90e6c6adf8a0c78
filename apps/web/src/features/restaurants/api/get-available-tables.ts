import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { getAvailableTables, tablesKey, type TablesQuery } from "../../../lib/seating-availability";

/**
 * A restaurant's free tables on a day: the page's query and the server render's loader share it. The
 * booking form's key family (decision 051): a booking, move or cancellation refreshes it too.
 */
export const tablesQuery = (id: string, query: TablesQuery, api: ApiClient) =>
  queryOptions({
    queryKey: tablesKey(id, query),
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
