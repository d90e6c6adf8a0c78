import type { LastMinuteOffer } from "./offers";
import type { CityInfo, RestaurantDetail } from "./restaurants";

/**
 * The id of the JSON block a server-rendered page carries its hydration data in: the server writes
 * it, and the browser's first script looks for it to tell a rendered page from the app's shell.
 */
export const HYDRATION_DATA_ID = "tavolo-hydration";

/**
 * The id of the inert <template> a server-rendered page carries the booking form's and the sign-in
 * page's files in, as prefetch links: the browser app puts them to work once the page is its own
 * (decision 064).
 */
export const BOOKING_FILES_ID = "tavolo-booking-files";

/**
 * The routes whose files that template lists, named as each link's `data-route`: where a time chip's
 * tap leads, the booking form, and for a visitor the sign-in page first (decisions 059, 064).
 */
export const BOOKING_FILES_ROUTES = { form: "reservation", signIn: "login" } as const;

/**
 * The id of the inert <template> a server-rendered page lists its own route's modules in (and its
 * language's start messages), as modulepreload links: the page's first script puts them to work as
 * it asks for the app, once the page is painted, so they download beside the app instead of after it
 * has run (decision 067).
 */
export const PAGE_FILES_ID = "tavolo-page-files";

/**
 * Which public page a server render produced, with the data its <head> is made of (decisions 027,
 * 028): the web app's server entry returns it and the API turns it into title, canonical, Open Graph
 * and JSON-LD. One declaration, so the two sides cannot drift apart.
 */
export type RenderedPage =
  | { kind: "home" }
  | SearchPageHead
  | { kind: "restaurant"; restaurant: RestaurantDetail }
  | { kind: "offer"; offer: LastMinuteOffer }
  | { kind: "notFound"; title: string; description: string };

/**
 * A search page: what the URL asked for (`location` a city slug or name as typed, `cuisine` a search
 * category) and what the search found for it: `city` the city it named (its slug names the page,
 * whatever spelling was typed), null when no city has that name (the page then says so and is kept
 * out of search engines), absent when there was no location or the search could not be answered.
 */
export interface SearchPageHead {
  kind: "search";
  location?: string;
  cuisine?: string;
  city?: Pick<CityInfo, "slug" | "name"> | null;
}

/** A missing page's head: its title and description in the page's language, kept out of search engines. */
export type NotFoundHead = Extract<RenderedPage, { kind: "notFound" }>;

/** The pages that have a head of their own (a missing page gets the not-found head). */
export type PublicPageHead = Exclude<RenderedPage, { kind: "notFound" }>;

/** The head data of one rendered page: what its loader returns on the server (decision 049). */
export type PageHeadOf<K extends PublicPageHead["kind"]> = Extract<RenderedPage, { kind: K }>;
