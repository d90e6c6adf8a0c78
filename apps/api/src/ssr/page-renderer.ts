import { inSpan } from "../telemetry/spans";
import { renders } from "../metrics/business-metrics";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Language } from "@tavolo/shared/languages";
import { pageQuery } from "@tavolo/shared/page-query";
import type { PublicPageHead, RenderedPage } from "@tavolo/shared/rendered-page";
import type { ConcurrencyGate } from "../http/concurrency-gate";
import type { PublicReadCache } from "../http/public-read-cache";
import { hasSessionHint } from "@tavolo/shared/session-hint";
import { inProcessFetch } from "./in-process-fetch";
import { escapeHtml } from "@tavolo/shared/html";
import { createPageTemplate, type PageRoute } from "./page-html";
import { pageLanguage } from "./page-language";

/** The contract of the web app's server entry (`vite build --ssr src/entry-server.tsx`). */
export interface ServerEntry {
  render(input: {
    url: string;
    origin: string;
    language: Language;
    now: number;
    fetch: typeof globalThis.fetch;
    signedIn?: boolean;
  }): Promise<{ status: number; html: string; hydrationJson: string; page: RenderedPage; changesAt: number }>;
}

export type HeadOf = (page: PublicPageHead, ctx: { lang: Language; origin: string; path: string }) => string;

export interface PageRendererOptions {
  distDir: string;
  /** The server entry; by default the build's, beside the app: `<distDir>-ssr/entry-server.js`. */
  entry?: ServerEntry;
  origin: string;
  /**
   * Whole pages per URL and language, cleared with the JSON answers they are made of: home shows the
   * catalogue only (cities), the other pages also free tables or seats. A page is kept at most until
   * its content changes with the clock (the entry's `changesAt`, decision 030).
   */
  caches: { catalogue: PublicReadCache; availability: PublicReadCache };
  headOf: HeadOf;
  /** Renders (cache misses) of this process at once, with their queue (MAX_CONCURRENT_RENDERS). */
  renders?: ConcurrencyGate;
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
    try {
      entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
    } catch (error) {
      // Fail the start, with one line naming the file and why, rather than a module-resolution stack.
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new Error(`server entry ${entryFile} could not be loaded (rebuild the web app?): ${reason}`, {
        cause: error,
      });
    }
  }
  const fill = createPageTemplate(options.distDir);
  const fetch = inProcessFetch(app);
  const clock = options.now ?? (() => new Date());

  async function produce(url: URL, route: PageRoute, language: Language, signedIn: boolean) {
    const now = clock().getTime();
    const rendered = await inSpan("ssr.render", { "tavolo.page": route, "tavolo.language": language }, () =>
      entry!.render({ url: `${url.pathname}${url.search}`, origin: options.origin, language, now, fetch, signedIn }),
    );
    const page = rendered.page;
    renders.inc({ route, status: String(rendered.status) });
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
      // Kept until invalidated, or until its content changes with the clock, or the cache's lifetime.
      keepForMs: rendered.changesAt - now,
    };
  }

  return async function renderPage(request: FastifyRequest, reply: FastifyReply, route: PageRoute): Promise<void> {
    const asked = new URL(request.url, options.origin);
    const language = pageLanguage(request, asked);
    // Only what the page reads, in one spelling (decision 041): `?utm_source=…`, `?x=1` or a
    // reordered query is the same page, from the same cache entry, rendered from the same URL.
    const query = pageQuery(route, asked.searchParams);
    const url = new URL(`${asked.pathname}${query ? `?${query}` : ""}`, options.origin);
    // The language comes from the query, the cookie or Accept-Language: caches must tell them apart.
    void reply.header("vary", "Accept-Language, Cookie");
    // Two shared variants per page: the visitor's and the signed-in shell (the hint cookie, decision
    // 038). Neither holds anything about who asked, so both stay in the one cache for everyone.
    const signedIn = hasSessionHint(request.headers.cookie);
    const cache = route === "home" ? options.caches.catalogue : options.caches.availability;
    const key = `${language}:${signedIn ? "in" : "out"}:${url.pathname}${url.search}`;
    const render = () => produce(url, route, language, signedIn);
    await cache.respondText(request, reply, key, () => (options.renders ? options.renders.run(render) : render()));
  };
}

export type PageRenderer = NonNullable<Awaited<ReturnType<typeof createPageRenderer>>>;
