import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { routePatterns } from "@tavolo/shared/app-paths";
import type { ApiClient } from "./api-client";
import { useApiClient } from "./api-client-context";
import { getAvailableTables, SEATING_STALE_MS, tablesKey, type SeatingQuery } from "./seating-availability";

/**
 * The first seconds after a time chip (decision 039): once chips are on screen, the booking form's
 * code and its day of free times are fetched, so a tap opens a form that is usable at once; the
 * tapped seating's tables are asked the moment a finger or pointer lands on the chip.
 *
 * The form's route module is the app's to load (features never import app/): the router hands its
 * loader in at start.
 */
let loadBookingRoute: (() => Promise<unknown>) | null = null;
let routeLoading: Promise<unknown> | null = null;
/** The sign-in page's module: where a visitor's tap on a chip leads first (decision 059). */
let loadSignInRoute: (() => Promise<unknown>) | null = null;

export function setBookingRouteLoader(load: () => Promise<unknown>, signIn?: () => Promise<unknown>): void {
  loadBookingRoute = load;
  loadSignInRoute = signIn ?? null;
  // What an earlier loader fetched says nothing of this one's module.
  routeLoading = null;
}

function prefetchBookingRoute(): void {
  if (routeLoading || !loadBookingRoute) return;
  // A failure (offline) is forgotten: the next chip on screen tries again.
  routeLoading = loadBookingRoute().catch(() => {
    routeLoading = null;
  });
}

/** "/reservation/": where every link to the booking form starts (a time chip, «Prenota un tavolo»). */
const BOOKING_FORM_PREFIX = routePatterns.reservation.slice(0, routePatterns.reservation.indexOf(":"));

/**
 * A server-rendered page that links to the booking form (a restaurant's time chips, a search card's
 * times): the form's code starts downloading while the page hydrates (decision 059). Hydration is
 * CPU work that leaves the network idle, and a diner who taps a chip as soon as it answers would
 * otherwise wait for this download after the tap: waiting for an idle moment came too late. A
 * visitor (the server rendered the signed-out variant, decision 038) also gets the sign-in page's.
 */
export function prefetchBookingRouteIfLinked(page: ParentNode, visitor: { signedIn: boolean }): void {
  if (!page.querySelector(`a[href^="${BOOKING_FORM_PREFIX}"]`)) return;
  prefetchBookingRoute();
  // A visitor's tap goes through /login first (the form needs a session): its code too. Forgotten on
  // a failure, as the form's: the router asks it again when the diner gets there.
  if (!visitor.signedIn) void loadSignInRoute?.().catch(() => {});
}

/** Chips of this day and party are on screen: the form's code and the day's free times, ahead of a tap. */
export function usePrefetchBookingDay(restaurantId: string, day: { date: string; people: number } | null): void {
  const client = useQueryClient();
  const api = useApiClient();
  const date = day?.date;
  const people = day?.people;
  useEffect(() => {
    if (!date || !people) return;
    // After the page's own work (hydration, its first answers), not in the middle of it.
    const prefetch = () => {
      prefetchBookingRoute();
      void prefetchSeating(client, api, restaurantId, { date, time: "", people });
    };
    // Cancelled when the chips leave the screen first: the diner has moved on from this day.
    if (window.requestIdleCallback) {
      const handle = window.requestIdleCallback(prefetch);
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 200);
    return () => window.clearTimeout(timer);
  }, [client, api, restaurantId, date, people]);
}

/** Handlers for one chip: its seating's tables are asked as the tap begins, before the form mounts. */
export function useChipPrefetch(restaurantId: string, seating: SeatingQuery) {
  const client = useQueryClient();
  const api = useApiClient();
  const { date, time, people } = seating;
  const start = useCallback(() => {
    prefetchBookingRoute();
    void prefetchSeating(client, api, restaurantId, { date, time: "", people });
    void prefetchSeating(client, api, restaurantId, { date, time, people });
  }, [client, api, restaurantId, date, time, people]);
  return { onPointerDown: start, onPointerEnter: start, onFocus: start };
}

function prefetchSeating(
  client: ReturnType<typeof useQueryClient>,
  api: ApiClient,
  restaurantId: string,
  query: SeatingQuery,
) {
  return client.prefetchQuery({
    queryKey: tablesKey(restaurantId, query),
    queryFn: ({ signal }) => getAvailableTables(restaurantId, query, signal, api),
    staleTime: SEATING_STALE_MS,
  });
}
