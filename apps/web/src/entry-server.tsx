/**
 * Server rendering of the public pages (decisions 027, 049), built by `vite build --ssr` and called
 * by the API through the contract of packages/shared/src/server-render.ts. Everything a render
 * touches is created per request — query cache, i18next instance, API client — and the app's
 * browser singletons are never used on this path: the loaders read the request's router context,
 * the components its providers.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createInstance } from "i18next";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { API_TIMEOUT_MS } from "@tavolo/shared/constants";
import type { Language } from "@tavolo/shared/languages";
import type { RenderRequest, ServerEntry } from "@tavolo/shared/server-render";
import startEn from "./i18n/locales/start/en.json";
import startIt from "./i18n/locales/start/it.json";
import { addFormatters, sharedInitOptions } from "./i18n/i18n-setup";
import { serverI18nHandle } from "./i18n/server-translations";
import { createApiClient } from "./lib/api-client";
import { RenderClockContext, type RenderClock } from "./lib/clock";
import { pageChangesAt } from "./lib/page-changes-at";
import { serializeHydrationData } from "./lib/hydration-data";
import { API_BASE_URL } from "./config/env";
import { createQueryClient, Providers } from "./app/providers";
import { routes } from "./app/router";
import { renderContext, ROUTER_FUTURE, type PageLoadContext } from "./app/page-load-context";
import { createPageDocument } from "./server/page-document";
import { hydrationRouterState, renderedHead, renderedRouteOf } from "./server/rendered-head";
import { dehydrateForPage, keepRefusals } from "./lib/hydrated-queries";

/**
 * Only the start part of the messages (decision 031): the browser hydrates with nothing else, so a
 * key from the rest would be the same raw key on both sides. `missingMessages` reports any, and a
 * test renders every public page in both languages and expects none.
 */
const MESSAGES: Record<Language, Record<string, unknown>> = { it: startIt, en: startEn };

const handler = createStaticHandler(routes, { future: ROUTER_FUTURE });

/** The request's own i18next instance, noting every key the start part of the messages lacks. */
async function requestI18n(language: Language, missingMessages: string[]) {
  const i18n = createInstance();
  await i18n.init({
    ...sharedInitOptions,
    lng: language,
    resources: { [language]: { translation: MESSAGES[language] } },
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => void missingMessages.push(key),
  });
  addFormatters(i18n);
  return i18n;
}

async function renderPage(request: RenderRequest, documentOf: ReturnType<typeof createPageDocument>) {
  const missingMessages: string[] = [];
  const i18n = await requestI18n(request.language, missingMessages);
  const translate = (key: string) => i18n.t(key);
  const queryClient = createQueryClient();
  const api = createApiClient({
    baseUrl: API_BASE_URL,
    timeoutMs: API_TIMEOUT_MS,
    getToken: () => null,
    getLanguage: () => request.language,
    translate,
    fetch: request.fetch,
  });
  const load: PageLoadContext = { queryClient, api, language: request.language, now: request.now, translate };
  const url = new URL(request.url, request.origin);
  const context = await handler.query(new Request(url), { requestContext: renderContext(load) });
  if (context instanceof Response) throw new Error(`unexpected redirect while rendering ${request.url}`);

  const router = createStaticRouter(handler.dataRoutes, context, { future: ROUTER_FUTURE });
  // Rendered as refused, as the browser will hydrate it (decision 059).
  keepRefusals(queryClient);
  // This request's own "now" (decision 058), never cleared: the server renders once.
  const clock: RenderClock = { instant: request.now };
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={serverI18nHandle(i18n, missingMessages)}>
        <RenderClockContext.Provider value={clock}>
          <Providers api={api} queryClient={queryClient} sessionHint={request.signedIn}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </RenderClockContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
  const hydrationJson = serializeHydrationData({
    language: request.language,
    now: request.now,
    signedIn: request.signedIn,
    router: hydrationRouterState(context),
    queries: dehydrateForPage(queryClient),
  });
  const page = renderedHead(context);
  const changesAt = pageChangesAt(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data),
    request.now,
  );
  queryClient.clear();
  const document = documentOf({
    language: request.language,
    route: renderedRouteOf(context),
    head: request.head(page),
    html,
    hydrationJson,
  });
  return { status: context.statusCode, html: document, page, changesAt, missingMessages };
}

/** The seam's one entry point (packages/shared/src/server-render.ts): typed by the contract it fulfils. */
export const createPageRenderer: ServerEntry["createPageRenderer"] = (clientDir) => {
  const documentOf = createPageDocument(clientDir);
  return (request) => renderPage(request, documentOf);
};
