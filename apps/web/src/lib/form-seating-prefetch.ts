import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { checkBookingDate } from "@tavolo/shared/reservation-slots";
import { useApiClient } from "./api-client-context";
import { prefetchFormSeating, type SeatingQuery } from "./seating-availability";

/**
 * The form opened by its address (a tap before the app ran, the way back from signing in, a shared
 * link): its seating is asked at once, beside the restaurant, instead of once the restaurant's answer
 * has mounted the form, one round trip later (decision 065). A day the form would refuse (past, too
 * far) is not asked: the form says so itself. Apart from booking-prefetch.ts, which the start chunk
 * carries: only the form's page needs this.
 */
export function usePrefetchSeating(restaurantId: string, seating: Partial<SeatingQuery> | null): void {
  const client = useQueryClient();
  const api = useApiClient();
  const { date, time, people } = seating ?? {};
  useEffect(() => {
    if (!date || !people || checkBookingDate(date, DEFAULT_TIME_ZONE, new Date()) !== null) return;
    prefetchFormSeating(client, api, restaurantId, { date, time: time ?? "", people });
  }, [client, api, restaurantId, date, time, people]);
}
