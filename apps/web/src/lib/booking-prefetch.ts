import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { paths, routePatterns } from "@tavolo/shared/app-paths";
import { BOOKING_FILES_ID, BOOKING_FILES_ROUTES } from "@tavolo/shared/rendered-page";
import type { ApiClient } from "./api-client";
import { askedTable } from "@tavolo/shared/page-query";
import { useApiClient } from "./api-client-context";
import { prefetchFormSeating, prefetchSeating, type SeatingQuery } from "./seating-availability";

/**
 * The first seconds after a time chip (decisions 039, 064): the booking form's files download while
 * the page hydrates, its day of free times is asked once chips are on screen, and its code runs the
 * moment a finger or pointer lands on a chip, with the tapped seating's tables.
 *
 * The form's route module is the app's to load (features never import app/): the router hands its
 * loader in at start.
 */
let loadBookingRoute: (() => Promise<unknown>) | null = null;
let routeLoading: Promise<unknown> | null = null;

export function setBookingRouteLoader(load: () => Promise<unknown>): void {
  loadBookingRoute = load;
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
/** The form's own address, and its restaurant. */
const BOOKING_FORM_PATH = new RegExp(`^${BOOKING_FORM_PREFIX}([^/]+)$`);
/** A link to the form, or, for a visitor, to the sign-in page on the way to it (decision 065). */
const BOOKING_LINKS = [BOOKING_FORM_PREFIX, paths.login({ next: BOOKING_FORM_PREFIX })]
  .map((prefix) => `a[href^="${prefix}"]`)
  .join(", ");

/**
 * A server-rendered page that links to the booking form (a restaurant's time chips, a search card's
 * times): the form's files start downloading while the page hydrates (decision 059), which leaves the
 * network idle, so a diner who taps a chip as soon as it answers does not wait for them. Downloaded
 * only (decision 064): the server listed them as prefetch links in an inert template, and moving them
 * into the head runs no module and applies no stylesheet, each of which would block the page's
 * main thread while it hydrates. A visitor (the server rendered the signed-out variant, decision
 * 038) also gets the sign-in page's, where the tap leads first.
 */
export function prefetchBookingFilesIfLinked(page: ParentNode, visitor: { signedIn: boolean }): void {
  const files = document.getElementById(BOOKING_FILES_ID);
  if (!(files instanceof HTMLTemplateElement) || !page.querySelector(BOOKING_LINKS)) return;
  const links = [...files.content.querySelectorAll("link")].filter(
    (link) => !visitor.signedIn || link.dataset.route !== BOOKING_FILES_ROUTES.signIn,
  );
  // Each link leaves once its file is in the cache. Left in the head, it would hide the file from
  // Vite's preload helper, which skips any file a `<link>` names: at the touch the form's modules
  // would then be found one import level at a time instead of all at once (decision 064).
  for (const link of links) {
    const done = () => link.remove();
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
  }
  // Once: the template is emptied as its links move.
  document.head.append(...links);
}

/** Chips of this day and party are on screen: the day's free times, ahead of a tap. */
export function usePrefetchBookingDay(restaurantId: string, day: { date: string; people: number } | null): void {
  const client = useQueryClient();
  const api = useApiClient();
  const date = day?.date;
  const people = day?.people;
  useEffect(() => {
    if (!date || !people) return;
    // After the page's own work (hydration, its first answers), not in the middle of it. The form's
    // code waits for a touch (decision 064): run now, it would block the page while nobody taps.
    const prefetch = () => void prefetchSeating(client, api, restaurantId, { date, time: "", people });
    // Cancelled when the chips leave the screen first: the diner has moved on from this day.
    if (window.requestIdleCallback) {
      const handle = window.requestIdleCallback(prefetch);
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 200);
    return () => window.clearTimeout(timer);
  }, [client, api, restaurantId, date, people]);
}

/**
 * As a tap on a chip begins, before the form mounts: the form's code runs (its files are already
 * downloaded) and the seating's tables are asked.
 */
export function prefetchForChip(
  client: QueryClient,
  api: ApiClient,
  restaurantId: string,
  seating: SeatingQuery,
): void {
  prefetchBookingRoute();
  prefetchFormSeating(client, api, restaurantId, seating);
}

/**
 * The app starts at the booking form from a link tapped before it ran (decision 080): the form's code
 * and, for a chip's link (date, time and party), that seating's tables are asked at once, as a touch
 * on a chip asks them, rather than once the form's module has loaded and mounted.
 */
export function prefetchForBookingLink(client: QueryClient, api: ApiClient, link: string): void {
  const url = new URL(link, window.location.origin);
  const restaurantId = BOOKING_FORM_PATH.exec(url.pathname)?.[1];
  if (!restaurantId || url.searchParams.has("modify")) return;
  const { date, time, people } = askedTable(url.searchParams);
  // An address that does not decode names no restaurant to ask about; the form says so itself.
  const id = (() => {
    try {
      return decodeURIComponent(restaurantId);
    } catch {
      return null;
    }
  })();
  if (id && date && time && people) prefetchForChip(client, api, id, { date, time, people });
  else prefetchBookingRoute();
}
