/*
 * The app itself, imported by entry-client.tsx: on a server-rendered page once the page is painted,
 * anywhere else at once (decision 033).
 */
import "./lib/zod-jitless";
import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes, RouterProvider, UNSAFE_ErrorResponseImpl, type RouteObject } from "react-router";
import { restOfMessages, startBrowserI18n } from "./i18n/i18n";
import { createQueryClient, Providers } from "./app/providers";
import { createRouter, routes } from "./app/router";
import { readHydrationData, type HydrationData } from "./lib/hydration-data";
import { RenderClockContext, type RenderClock } from "./lib/clock";
import { registerServiceWorker } from "./lib/service-worker";
import { createBrowserApiClient } from "./app/browser-api-client";
import { HydratedTitleContext, hydratedTitle, type HydratedTitle } from "./lib/use-document-title";
import { prefetchBookingFilesIfLinked, prefetchForBookingLink } from "./lib/booking-prefetch";
import { hydrateFromPage } from "./lib/hydrated-queries";

const root = document.getElementById("root")!;
// Read once, here: the language, instant and session variant the server rendered (decision 058).
const hydration = readHydrationData();
// The browser's messages start loading at once, in parallel with everything below (decision 050).
// A server-rendered page hydrates in the language it was rendered in (decision 027).
const messagesReady = startBrowserI18n(hydration?.language);
// The browser's one API client: made here, handed to every call through Providers (decision 058).
const api = createBrowserApiClient();
// A server-rendered page hydrates at the server's instant, then reads the real clock (lib/clock.ts).
const clock: RenderClock = { instant: hydration?.now ?? null };
// The variant the server rendered, so hydration matches (decision 038); elsewhere the cookie's.
const sessionHint = hydration ? hydration.signedIn === true : undefined;

/**
 * The routes the server rendered are lazy: load their modules first, or the first render would show
 * the route's fallback instead of the server's HTML (a hydration mismatch).
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

function routerState(data: HydrationData) {
  const errors = data.router.errors
    ? Object.fromEntries(
        Object.entries(data.router.errors).map(([id, error]) => [
          id,
          new UNSAFE_ErrorResponseImpl(error.status, error.statusText, null),
        ]),
      )
    : null;
  return { loaderData: data.router.loaderData, errors };
}

let markHydrated = () => {};
/** Resolves once a server-rendered page has hydrated, or the app started at a link tapped before it ran. */
const hydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/**
 * Renders nothing; its effect runs once the hydrated tree has committed: from then on, the real
 * clock. `<html data-hydrated>` then tells tests (and anyone curious) that the page is interactive.
 */
function AfterHydration() {
  useEffect(() => {
    clock.instant = null;
    document.documentElement.dataset.hydrated = "true";
    markHydrated();
    // The page is interactive: now the messages of the other screens (decision 031).
    void restOfMessages();
  }, []);
  return null;
}

const app = (
  router: ReturnType<typeof createRouter>,
  queryClient?: ReturnType<typeof createQueryClient>,
  hydratedTitle: HydratedTitle | null = null,
): ReactNode => (
  <StrictMode>
    <HydratedTitleContext.Provider value={hydratedTitle}>
      <RenderClockContext.Provider value={clock}>
        <Providers api={api} queryClient={queryClient} sessionHint={sessionHint}>
          <RouterProvider router={router} />
        </Providers>
      </RenderClockContext.Provider>
    </HydratedTitleContext.Provider>
    {hydration ? <AfterHydration /> : null}
  </StrictMode>
);

/** The boot's hold on early taps (boot/early-taps.ts): a link tapped before the app ran leads here. */
export interface EarlyLink {
  tappedLink(): string | null;
  takeLink(): string | null;
}

const NO_EARLY_LINK: EarlyLink = { tappedLink: () => null, takeLink: () => null };

/**
 * Starts the app: a server-rendered page hydrates, unless the diner has already tapped a link into
 * a page only the app draws (decision 080); every other page renders in the browser. Resolves once
 * the page is the app's (entry-client.tsx then replays early taps on buttons).
 */
export async function startApp(early: EarlyLink = NO_EARLY_LINK): Promise<void> {
  if (!hydration) return startInBrowser();
  // A server-rendered page (/, /search, a restaurant, an offer; decision 027): same language, same
  // instant, same data and same route modules as the server had, then hydrate its HTML.
  // The first wall-clock reading builds an Intl formatter with a time zone, and the browser loads the
  // zone's data then (≈ 10 ms on a phone). In a task of its own while the route's modules download,
  // it is not added to hydration's first slice, which Total Blocking Time counts (decision 031).
  setTimeout(() => void import("./lib/dates").then(({ todayIn }) => todayIn()));
  const queryClient = createQueryClient();
  // Kept whichever page starts: the restaurant a chip leads from is the booking form's restaurant.
  hydrateFromPage(queryClient, hydration.queries);
  // The start chunk has just run (one task): let the browser breathe before the route's modules are
  // asked for, whose loader adds a preload link per module (Total Blocking Time, decision 033).
  await new Promise((resolve) => setTimeout(resolve));
  // A page the diner has already left needs none of its modules.
  await Promise.all([messagesReady, early.tappedLink() ? null : loadMatchedRoutes()]);
  const link = early.takeLink();
  if (link) return startAtTappedLink(link, queryClient);
  const router = createRouter(routerState(hydration));
  // The page's own code is in: the booking form's files download while the page hydrates (decisions 059, 064).
  prefetchBookingFilesIfLinked(root, { signedIn: hydration.signedIn === true });
  // As a transition, hydration yields to the browser every few milliseconds instead of one long
  // task (Total Blocking Time): the page is already painted, so nothing waits for it to finish.
  startTransition(() => {
    // The server's <title> stays the page's until the diner goes elsewhere (lib/use-document-title.ts).
    hydrateRoot(root, app(router, queryClient, hydratedTitle(router.state.location.key, hydration.language)));
  });
  void hydrated.then(() => registerServiceWorker(router));
  await hydrated;
}

/**
 * The diner tapped a link into the app before it ran: it starts at that page, as a navigation in
 * the app would have taken them there (a history entry, the top of the page, the real clock),
 * rendered in place of the server's HTML instead of hydrating a page nobody looks at any more.
 */
async function startAtTappedLink(link: string, queryClient: ReturnType<typeof createQueryClient>): Promise<void> {
  window.history.pushState(null, "", link);
  window.scrollTo(0, 0);
  clock.instant = null;
  // What a touch on a chip would have started: the form's code and its seating's tables.
  prefetchForBookingLink(queryClient, api, link);
  const router = createRouter();
  createRoot(root).render(app(router, queryClient));
  void hydrated.then(() => registerServiceWorker(router));
  await hydrated;
}

/** Every other route, and the native app: rendered in the browser as always. */
async function startInBrowser(): Promise<void> {
  // The router starts fetching the first page's chunk now, in parallel with the language's messages.
  const router = createRouter();
  // First render once the active language's start messages are in: no untranslated key is ever painted.
  await messagesReady;
  createRoot(root).render(app(router));
  registerServiceWorker(router);
  // A page outside the start part of the messages waits for the rest anyway (app/router.tsx).
  void restOfMessages();
}
