import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Language } from "@tavolo/shared/languages";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import type { PublicReadCache } from "../http/public-read-cache";
import { inProcessFetch } from "./in-process-fetch";
import { createPageTemplate, escapeHtml, type PageRoute } from "./page-html";
import { pageLanguage } from "./page-language";

/** The page the web app rendered, with the data its <head> is made of (apps/web/src/entry-server.tsx). */
export type RenderedPage =
  | { kind: "home" }
  | { kind: "search"; location?: string; cuisine?: string }
  | { kind: "restaurant"; restaurant: RestaurantDetail }
  | { kind: "offer"; offer: LastMinuteOffer }
  | { kind: "notFound"; title: string; description: string };

/** The contract of the web app's server entry (`vite build --ssr src/entry-server.tsx`). */
export interface ServerEntry {
  render(input: {
    url: string;
    origin: string;
    language: Language;
    now: number;
    fetch: typeof globalThis.fetch;
  }): Promise<{ status: number; html: string; hydrationJson: string; page: RenderedPage }>;
}

export type HeadOf = (
  page: Exclude<RenderedPage, { kind: "notFound" }>,
  ctx: { lang: Language; origin: string; path: string },
) => string;

export interface PageRendererOptions {
  distDir: string;
  /** The server entry; by default the build's, beside the app: `<distDir>-ssr/entry-server.js`. */
  entry?: ServerEntry;
  origin: string;
  /**
   * Whole pages per URL and language, cleared with the JSON answers they are made of: home shows the
   * catalogue only (cities), the other pages also free tables or seats, which live shorter.
   */
  caches: { catalogue: PublicReadCache; availability: PublicReadCache };
  headOf: HeadOf;
  now?: () => Date;
}

/** `<distDir>-ssr/entry-server.js`, where `vite build --ssr` puts it (apps/web/vite.config.ts). */
export function serverEntryPath(distDir: string): string {
  return path.join(`${path.resolve(distDir)}-ssr`, "entry-server.js");
}

/**
 * Renders /, /search, /restaurants/:id and /lastminute/:id with the web app's own components
 * (decision 027). Null when the build has no server entry: the pages are then served as the SPA.
 */
export async function createPageRenderer(app: FastifyInstance, options: PageRendererOptions) {
  const entryFile = serverEntryPath(options.distDir);
  let entry = options.entry;
  if (!entry) {
    if (!existsSync(entryFile)) {
      app.log.warn({ entryFile }, "server entry not built: public pages are rendered in the browser only");
      return null;
    }
    entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  }
  const fill = createPageTemplate(options.distDir);
  const fetch = inProcessFetch(app);
  const clock = options.now ?? (() => new Date());

  async function produce(url: URL, route: PageRoute, language: Language) {
    const rendered = await entry!.render({
      url: `${url.pathname}${url.search}`,
      origin: options.origin,
      language,
      now: clock().getTime(),
      fetch,
    });
    const page = rendered.page;
    const head =
      page.kind === "notFound"
        ? `<title>${escapeHtml(`${page.title} · Tavolo`)}</title>` +
          `<meta name="description" content="${escapeHtml(page.description)}">` +
          `<meta name="robots" content="noindex">`
        : options.headOf(page, { lang: language, origin: options.origin, path: `${url.pathname}${url.search}` });
    return {
      status: rendered.status,
      contentType: "text/html; charset=utf-8",
      body: fill({ language, route, head, html: rendered.html, hydrationJson: rendered.hydrationJson }),
    };
  }

  return async function renderPage(request: FastifyRequest, reply: FastifyReply, route: PageRoute): Promise<void> {
    const url = new URL(request.url, options.origin);
    const language = pageLanguage(request, url);
    // The language comes from the query, the cookie or Accept-Language: caches must tell them apart.
    void reply.header("vary", "Accept-Language, Cookie");
    const cache = route === "home" ? options.caches.catalogue : options.caches.availability;
    await cache.respondText(request, reply, `${language}:${request.url}`, () => produce(url, route, language));
  };
}

export type PageRenderer = NonNullable<Awaited<ReturnType<typeof createPageRenderer>>>;
