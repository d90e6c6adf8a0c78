import type { Language } from "./languages";
/**
 * Every route path of the web app (SPEC §2), written once for both sides: the app routes them, the
 * API writes them into e-mails, page heads, the sitemap and robots.txt. Parametrised ones are functions.
 */
export const OFFER_PRODUCT = "lastminute";

export const routePatterns = {
  home: "/",
  login: "/login",
  register: "/register",
  search: "/search",
  restaurant: "/restaurants/:id",
  reservation: "/reservation/:restaurantId",
  profile: "/profile",
  settings: "/settings",
  history: "/history",
  favorites: "/favorites",
  notifications: "/notifications",
  verifyEmail: "/verify-email",
  verifyResult: "/verify-result/*",
  emailVerification: "/email-verification",
  resetPassword: "/reset-password",
  emailRedirect: "/email-redirect",
  offer: `/${OFFER_PRODUCT}/:id`,
  completeProfile: "/completeProfile",
  /** Where the server sends the browser back from Google (DESIGN §1). */
  googleCallback: "/auth/google/callback",
  /** Public texts a diner accepts or may need (decision 021): linked from registration and settings. */
  terms: "/terms",
  privacy: "/privacy",
  /** How to delete an account and what is kept: the URL app stores ask for. */
  accountDeletion: "/account-deletion",
  /** The hold mail's one-tap confirm link lands here (decision 029). */
  holdConfirm: "/hold/confirm",
  /** The reminder's two one-tap links land here (decision 046): a page with the booking and one button. */
  reminderAttend: "/reminder/attend",
  reminderRelease: "/reminder/release",
} as const;

export type RouteName = keyof typeof routePatterns;

/**
 * The pages the server renders (decisions 027, 049): the one list the web app's routes, the API's
 * matching and the crawlable list below derive from. A page named here needs a route module of the
 * same name in the web app (apps/web/src/app/rendered-routes.ts), whose loader returns its head data.
 */
export const RENDERED_PAGES = ["home", "search", "restaurant", "offer"] as const satisfies readonly RouteName[];
export type RenderedPageRoute = (typeof RENDERED_PAGES)[number];

/**
 * The pages a search engine may list (decision 028): the server-rendered ones and the public
 * texts. Every other route is signed in, or a step of a sign-in or e-mail flow (often with a token
 * in its URL): robots.txt keeps crawlers out of all of them.
 */
export const CRAWLABLE_ROUTES = [
  ...RENDERED_PAGES,
  "terms",
  "privacy",
  "accountDeletion",
] as const satisfies readonly RouteName[];

/**
 * The return target a sign-in link carries (`/login?next=…`, decision 038): a path on this site
 * only. Anything else (another origin, `//host`, a backslash trick, a control character) is
 * dropped, so a link can never send a diner elsewhere after signing in.
 */
export function sameOriginPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2048) return undefined;
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  return value;
}

/** Where a sign-in step goes on to: the return target, when there is one. */
type Next = { next?: string };

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface ReservationQuery {
  date?: string;
  time?: string;
  people?: number;
  modify?: string;
}

export const paths = {
  home: () => routePatterns.home,
  /** Sign in, then back to `next` (a same-origin path; decision 038). */
  login: (query: Next = {}) => withQuery(routePatterns.login, { next: sameOriginPath(query.next) }),
  register: (query: Next = {}) => withQuery(routePatterns.register, { next: sameOriginPath(query.next) }),
  /** A search for a table adds date, time, people and sort (decision 026); absent ones take their defaults. */
  search: (
    query: { location?: string; category?: string; date?: string; time?: string; people?: number; sort?: string } = {},
  ) => withQuery(routePatterns.search, { ...query, people: query.people?.toString() }),
  /** A restaurant's page, optionally asking about a day, time and party (a search card's "notify me"). */
  restaurant: (id: string, query: Omit<ReservationQuery, "modify"> = {}) =>
    withQuery(`/restaurants/${encodeURIComponent(id)}`, { ...query, people: query.people?.toString() }),
  /**
   * The booking form, optionally prefilled (a slot chip: date, time, people) or moving one of the
   * diner's bookings (`modify`: its id). Decision 026.
   */
  reservation: (restaurantId: string, query: ReservationQuery = {}) =>
    withQuery(`/reservation/${encodeURIComponent(restaurantId)}`, { ...query, people: query.people?.toString() }),
  profile: () => routePatterns.profile,
  settings: () => routePatterns.settings,
  history: () => routePatterns.history,
  favorites: () => routePatterns.favorites,
  notifications: () => routePatterns.notifications,
  verifyEmail: (query: { email?: string } & Next = {}) =>
    withQuery(routePatterns.verifyEmail, { email: query.email, next: sameOriginPath(query.next) }),
  verifyResult: (result: "success" | "error") => `/verify-result/${result}`,
  emailVerification: (query: { email?: string } & Next = {}) =>
    withQuery(routePatterns.emailVerification, { email: query.email, next: sameOriginPath(query.next) }),
  /** The same screen after an e-mail change request: a link went to the new address (SPEC §2). */
  emailChangeSent: (email: string) => withQuery(routePatterns.emailVerification, { email, change: "1" }),
  resetPassword: () => routePatterns.resetPassword,
  emailRedirect: () => routePatterns.emailRedirect,
  offer: (id: string) => `/${OFFER_PRODUCT}/${encodeURIComponent(id)}`,
  completeProfile: () => routePatterns.completeProfile,
  googleCallback: () => routePatterns.googleCallback,
  terms: () => routePatterns.terms,
  privacy: () => routePatterns.privacy,
  accountDeletion: () => routePatterns.accountDeletion,
  /** The hold mail's link, carrying its signed single-use token. */
  holdConfirm: (token: string) => withQuery(routePatterns.holdConfirm, { token }),
  /** The reminder's "Ci sarò" and "Non riesco a venire" links, each with its signed single-use token. */
  reminderAttend: (token: string) => withQuery(routePatterns.reminderAttend, { token }),
  reminderRelease: (token: string) => withQuery(routePatterns.reminderRelease, { token }),
} as const;

/**
 * A route pattern as a whole-path test: `:param` is one segment, a trailing `/*` any rest; with
 * `trailingSlash`, one closing slash is allowed too.
 */
function patternMatcher(pattern: string, { trailingSlash }: { trailingSlash: boolean }): RegExp {
  const body = pattern
    .replace(/\/\*$/, "(?:/.*)?")
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part))
    .join("/");
  return new RegExp(`^${body}${trailingSlash ? "/?" : ""}$`);
}

const routeMatchers = Object.values(routePatterns).map((pattern) => patternMatcher(pattern, { trailingSlash: true }));

/** Whether a path is one of the app's pages: any other is answered 404 with the "not found" page. */
export function isAppPath(pathname: string): boolean {
  return routeMatchers.some((matcher) => matcher.test(pathname));
}

// Exact paths: "/restaurants/x/" is left to the browser app, as it always was (decision 041 keys pages by path).
const renderedMatchers = RENDERED_PAGES.map(
  (name) => [name, patternMatcher(routePatterns[name], { trailingSlash: false })] as const,
);

/** Which server-rendered page a path is, if any (decision 027): every other path is the browser app's. */
export function renderedPageOf(pathname: string): RenderedPageRoute | null {
  return renderedMatchers.find(([, matcher]) => matcher.test(pathname))?.[0] ?? null;
}

/**
 * The home page's largest element, its hero picture (apps/web/public): the web shows it, the API
 * announces it with the home page's HTML (a preload, decision 012) and draws it on generic share cards.
 */
export const HOME_HERO_IMAGE = "/images/hero.svg";

/**
 * The web app manifest in a language (its name, description and `lang`): the page links the one of
 * its own language. Two files rather than one answer varying by cookie: browsers fetch a manifest
 * without cookies, and the service worker precaches it.
 */
export function manifestPath(language: Language): string {
  return language === "en" ? "/manifest.en.webmanifest" : "/manifest.webmanifest";
}
