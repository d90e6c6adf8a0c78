import type { Language } from "./languages";
import type { RenderedPage } from "./rendered-page";

/**
 * The seam between the API and the web app's server build (decisions 027, 049), declared once: the
 * web's `entry-server.tsx` satisfies `ServerEntry`, and the API loads and calls it. The web owns the
 * page (its routes, data, HTML document, styles); the API owns the request (which page, language,
 * cache) and the head made of the page's data (its SEO module).
 */

/** Where `vite build --ssr` puts the entry, beside the browser build it serves (never inside it). */
export function serverEntryFile(clientDir: string): string {
  return `${clientDir.replace(/\/+$/, "")}-ssr/entry-server.js`;
}

export interface RenderRequest {
  /** Path and query of the page, e.g. "/search?location=milano". */
  url: string;
  origin: string;
  language: Language;
  /** The render instant: loaders, components and the browser's hydration all use it. */
  now: number;
  /** Requests to the API: the server hands in one that stays in-process (app.inject). */
  fetch: typeof globalThis.fetch;
  /** The signed-in variant of the shell (the hint cookie, decision 038): no user, no personal data. */
  signedIn: boolean;
  /** Everything inside <head> that belongs to this page (title, description, share tags), from its data. */
  head(page: RenderedPage): string;
}

export interface RenderedDocument {
  status: number;
  /** The whole HTML document: the browser build's, with the page, its head, styles and hydration data. */
  html: string;
  /** Which page the render produced, with the data its head was made of. */
  page: RenderedPage;
  /** When this page would render differently with no write: keep it until then at most (decision 030). */
  changesAt: number;
  /** Keys the render asked for that are not in the start part of the messages (should be none). */
  missingMessages: string[];
}

export type RenderPage = (request: RenderRequest) => Promise<RenderedDocument>;

export interface ServerEntry {
  /**
   * Reads the browser build once (its HTML document, manifest and stylesheets) and returns what
   * renders each page with it. Throws when the build is not one this entry can fill.
   */
  createPageRenderer(clientDir: string): RenderPage;
}
