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
import { dehydrate } from "@tanstack/react-query";
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from "react-router";
import { API_TIMEOUT_MS } from "@tavolo/shared/constants";
import type { Language } from "@tavolo/shared/languages";
import type { RestaurantResponse } from "@tavolo/shared/restaurants";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import sharedEn from "@tavolo/shared/i18n/en.json";
import sharedIt from "@tavolo/shared/i18n/it.json";
import webEn from "./i18n/locales/en.json";
import webIt from "./i18n/locales/it.json";
import { addFormatters, sharedInitOptions } from "./i18n/i18n-setup";
import { createApiClient } from "./lib/api-client";
import { RenderClockContext } from "./lib/clock";
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

const MESSAGES: Record<Language, Record<string, unknown>> = {
  it: { ...sharedIt, ...webIt },
  en: { ...sharedEn, ...webEn },
};

/** Which page was rendered, with the data its <head> is made of (the API turns it into meta tags). */
export type RenderedPage =
  | { kind: "home" }
  | { kind: "search"; location?: string; cuisine?: string }
  | { kind: "restaurant"; restaurant: RestaurantResponse["restaurant"] }
  | { kind: "offer"; offer: LastMinuteOffer }
  | { kind: "notFound"; title: string; description: string };

export interface RenderInput {
  /** Path and query of the page, e.g. "/search?location=milano". */
  url: string;
  origin: string;
  language: Language;
  /** The render instant: loaders, components and the browser's hydration all use it. */
  now: number;
  /** Requests to the API: the server hands in one that stays in-process (app.inject). */
  fetch: typeof globalThis.fetch;
}

export interface RenderResult {
  status: number;
  /** The #root element's content. */
  html: string;
  /** The hydration data block's JSON, already safe inside a <script> element. */
  hydrationJson: string;
  page: RenderedPage;
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
      return {
        kind: "search",
        location: url.searchParams.get("location")?.trim() || undefined,
        cuisine: url.searchParams.get("category")?.trim() || undefined,
      };
  }
  return { kind: "home" };
}

export async function render(input: RenderInput): Promise<RenderResult> {
  const i18n = createInstance();
  await i18n.init({
    ...sharedInitOptions,
    lng: input.language,
    resources: { [input.language]: { translation: MESSAGES[input.language] } },
    initAsync: false,
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
      <I18nextProvider i18n={i18n}>
        <RenderClockContext.Provider value={input.now}>
          <Providers queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </RenderClockContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
  const hydrationJson = serializeHydrationData({
    language: input.language,
    now: input.now,
    router: { loaderData: context.loaderData, errors: serializeErrors(context) },
    queries: dehydrate(queryClient),
  });
  const page = which(url, context, load, (key) => i18n.t(key));
  queryClient.clear();
  return { status: context.statusCode, html, hydrationJson, page };
}
