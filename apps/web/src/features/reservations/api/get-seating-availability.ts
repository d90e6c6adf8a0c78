import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApiClient } from "../../../lib/api-client-context";
import { getAvailableTables, SEATING_STALE_MS, tablesKey, type SeatingQuery } from "../../../lib/seating-availability";

export type { SeatingQuery };

/**
 * The booking form's free times and tables. One call answers both questions the form asks: which
 * times of the day have a free table for the party (`slots`), and which tables are free at the
 * chosen time. A slot chip may have asked already (decision 039): the answer is then in the cache.
 */
export function useSeatingAvailability(restaurantId: string, query: SeatingQuery, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: tablesKey(restaurantId, query),
    queryFn: ({ signal }) => getAvailableTables(restaurantId, query, signal, api),
    enabled,
    // While a changed date, time or party is being asked about, keep showing the last answer (marked
    // as stale by the form) rather than emptying the pickers.
    placeholderData: keepPreviousData,
    staleTime: SEATING_STALE_MS,
  });
}
