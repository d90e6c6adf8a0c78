import { useQuery } from "@tanstack/react-query";
import type { AvailableTablesResponse } from "@tavolo/shared/restaurants";
import { apiClient, clientPath } from "../../../lib/api-client";

export interface TablesQuery {
  date: string;
  time?: string;
  people?: number;
}

export function getAvailableTables(id: string, query: TablesQuery, signal?: AbortSignal) {
  return apiClient.get<AvailableTablesResponse>(clientPath(`/getAvailableTables/${encodeURIComponent(id)}`), {
    query: { date: query.date, time: query.time, people: query.people },
    signal,
  });
}

export function useAvailableTables(id: string | undefined, query: TablesQuery) {
  return useQuery({
    queryKey: ["restaurants", "tables", id, query.date, query.time ?? null, query.people ?? null],
    queryFn: ({ signal }) => getAvailableTables(id!, query, signal),
    select: (response) => response.tables,
    enabled: Boolean(id),
    // Availability moves while people book: keep it fresh.
    staleTime: 30_000,
  });
}
