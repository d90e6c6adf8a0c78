import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AvailableTablesResponse } from "@tavolo/shared/restaurants";
import { apiClient, clientPath, type ApiClient } from "../../../lib/api-client";

export interface TablesQuery {
  date: string;
  time?: string;
  people?: number;
}

export function getAvailableTables(id: string, query: TablesQuery, signal?: AbortSignal, api: ApiClient = apiClient) {
  return api.get<AvailableTablesResponse>(clientPath(`/getAvailableTables/${encodeURIComponent(id)}`), {
    query: { date: query.date, time: query.time, people: query.people },
    signal,
  });
}

/** A restaurant's free tables on a day: the page's query and the server render's loader share it. */
export const tablesQuery = (id: string, query: TablesQuery, api: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ["restaurants", "tables", id, query.date, query.time ?? null, query.people ?? null],
    queryFn: ({ signal }) => getAvailableTables(id, query, signal, api),
    // Availability moves while people book: keep it fresh.
    staleTime: 30_000,
  });

export function useAvailableTables(id: string | undefined, query: TablesQuery) {
  return useQuery({
    ...tablesQuery(id ?? "", query),
    select: (response) => response.tables,
    enabled: Boolean(id),
  });
}
