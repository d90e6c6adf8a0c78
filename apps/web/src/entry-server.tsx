/**
 * Server rendering of the four public pages (decision 027), built by `vite build --ssr` and called by
 * the API (apps/api/src/ssr). Everything a render touches is created per request — query cache,
 * i18next instance, API client — and the app's browser singletons (lib/api-client, i18n/i18n,
 * lib/storage) are never used on this path: the loaders and components read the request's ones.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createInstance } from "i18next";
import { I18nextProvider } from "react-i18next";
import { dehydrate, type InfiniteData } from "@tanstack/react-query";
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from "react-router";
import { API_TIMEOUT_MS } from "@tavolo/shared/constants";
import type { Language } from "@tavolo/shared/languages";
import type { RenderedPage, SearchPageHead } from "@tavolo/shared/rendered-page";
import type { SearchRestaurantsResponse } from "@tavolo/shared/restaurants";
import startEn from "./i18n/locales/start/en.json";
import startIt from "./i18n/locales/start/it.json";
import { addFormatters, sharedInitOptions } from "./i18n/i18n-setup";
import { reactI18nHandle } from "./i18n/react-i18n-handle";
import { ApiError, createApiClient } from "./lib/api-client";
import { SEARCH_RESTAURANTS_KEY } from "./lib/availability";
import { RenderClockContext } from "./lib/clock";
import { pageChangesAt } from "./lib/page-changes-at";
import { serializeHydrationData, type SerializedRouteError } from "./lib/hydration-data";
import { API_BASE_URL } from "./config/env";
import { routePatterns } from "./config/paths";
import { createQueryClient, Providers } from "./app/providers";
import { routes } from "./app/router";
import type { PageLoadContext } from "./app/page-loaders";
import { NOT_FOUND_TEXTS } from "./app/page-not-found-boundary";
import { GENERIC_NOT_FOUND } from "./app/routes/not-found";
import { offerQuery } from "./features/offers/api/get-last-minute";
import { restaurantQuery } from "./features/restaurants/api/get-restaurant";

/**
 * Only the start part of the messages (decision 031): the browser hydrates with nothing else, so a
 * key from the rest would be the same raw key on both sides. `missingMessages` reports any, and a
 * test renders every public page in both languages and expects none.
 */
const MESSAGES: Record<Language, Record<string, unknown>> = { it: startIt, en: startEn };

export interface RenderInput {
  /** Path and query of the page, e.g. "/search?location=milano". */
  url: string;
  origin: string;
  language: Language;
  /** The render instant: loaders, components and the browser's hydration all use it. */
  now: number;
  /** Requests to the API: the server hands in one that stays in-process (app.inject). */
  fetch: typeof globalThis.fetch;
  /** The signed-in variant of the shell (the hint cookie, decision 038): no user, no personal data. */
  signedIn?: boolean;
}

export interface RenderResult {
  status: number;
  /** The #root element's content. */
  html: string;
  /** The hydration data block's JSON, already safe inside a <script> element. */
  hydrationJson: string;
  page: RenderedPage;
  /** When this page would render differently with no write (lib/page-changes-at.ts): keep it until then at most. */
  changesAt: number;
  /** Keys the render asked for that are not in the start part of the messages (should be none). */
  missingMessages: string[];
}

const handler = createStaticHandler(routes);

function serializeErrors(context: StaticHandlerContext): Record<string, SerializedRouteError> | null {
  if (!context.errors) return null;
  const entries = Object.entries(context.errors).map(([id, error]): [string, SerializedRouteError] =>
    isRouteErrorResponse(error)
      ? [id, { status: error.status, statusText: error.statusText }]
      : [id, { status: 500, statusText: "Internal Server Error" }],
  );
  return Object.fromEntries(entries);
}

function which(
  url: URL,
  context: StaticHandlerContext,
  load: PageLoadContext,
  t: (key: string) => string,
): RenderedPage {
  const leaf = context.matches.at(-1);
  const id = leaf?.params.id ?? "";
  const restaurant = load.queryClient.getQueryData(restaurantQuery(id, load.language).queryKey)?.restaurant;
  const offer = load.queryClient.getQueryData(offerQuery(id, load.language).queryKey);
  if (context.statusCode === 404 || !leaf) {
    const path = leaf?.route.path;
    const texts =
      path === routePatterns.restaurant.slice(1)
        ? NOT_FOUND_TEXTS.restaurant
        : path === routePatterns.offer.slice(1)
          ? NOT_FOUND_TEXTS.offer
          : GENERIC_NOT_FOUND;
    return { kind: "notFound", title: t(texts.titleKey), description: t(texts.textKey) };
  }
  switch (leaf.route.path) {
    case routePatterns.restaurant.slice(1):
      if (restaurant) return { kind: "restaurant", restaurant };
      break;
    case routePatterns.offer.slice(1):
      if (offer) return { kind: "offer", offer };
      break;
    case routePatterns.search.slice(1):
      return searchPage(url, load);
  }
  return { kind: "home" };
}

const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The search page with the city its search found (or knows it could not), from the loader's cache. */
function searchPage(url: URL, load: PageLoadContext): SearchPageHead {
  const location = url.searchParams.get("location")?.trim() || undefined;
  const page: SearchPageHead = {
    kind: "search",
    location,
    cuisine: url.searchParams.get("category")?.trim() || undefined,
  };
  if (!location) return page;
  // The loader asked exactly one search of restaurants; its first page names the city.
  const [search] = load.queryClient
    .getQueryCache()
    .findAll({ queryKey: SEARCH_RESTAURANTS_KEY })
    .filter((query) => query.state.status !== "pending");
  if (!search) return page;
  // Refused (no such city, a name too long to be one): nothing to name. Failed otherwise: unknown.
  if (search.state.status === "error") return refused(search.state.error) ? { ...page, city: null } : page;
  const city = (search.state.data as InfiniteData<SearchRestaurantsResponse> | undefined)?.pages[0]?.city;
  return city ? { ...page, city: { slug: city.slug, name: city.name } } : page;
}

export async function render(input: RenderInput): Promise<RenderResult> {
  const i18n = createInstance();
  const missingMessages: string[] = [];
  await i18n.init({
    ...sharedInitOptions,
    lng: input.language,
    resources: { [input.language]: { translation: MESSAGES[input.language] } },
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => void missingMessages.push(key),
  });
  addFormatters(i18n);
  const queryClient = createQueryClient();
  const api = createApiClient({
    baseUrl: API_BASE_URL,
    timeoutMs: API_TIMEOUT_MS,
    getToken: () => null,
    getLanguage: () => input.language,
    translate: (key) => i18n.t(key),
    fetch: input.fetch,
  });
  const load: PageLoadContext = { queryClient, api, language: input.language, now: input.now };
  const url = new URL(input.url, input.origin);
  const context = await handler.query(new Request(url), { requestContext: load as never });
  if (context instanceof Response) throw new Error(`unexpected redirect while rendering ${input.url}`);

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={reactI18nHandle(i18n)}>
        <RenderClockContext.Provider value={input.now}>
          <Providers queryClient={queryClient} sessionHint={input.signedIn === true}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </RenderClockContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
  const hydrationJson = serializeHydrationData({
    language: input.language,
    now: input.now,
    signedIn: input.signedIn === true,
    router: { loaderData: context.loaderData, errors: serializeErrors(context) },
    queries: dehydrate(queryClient),
  });
  const page = which(url, context, load, (key) => i18n.t(key));
  const changesAt = pageChangesAt(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data),
    input.now,
  );
  queryClient.clear();
  return { status: context.statusCode, html, hydrationJson, page, changesAt, missingMessages };
}
