import type { DehydratedState } from "@tanstack/react-query";
import type { Language } from "@tavolo/shared/languages";
import { HYDRATION_DATA_ID } from "@tavolo/shared/rendered-page";

/** A route error as the router needs it to hydrate (a 404 page): plain data, revived in the browser. */
export interface SerializedRouteError {
  status: number;
  statusText: string;
}

/**
 * What the browser needs to hydrate a server-rendered page into the very same HTML (decision 027):
 * the language and instant it was rendered in, the router's state and the query cache.
 * A JSON data block is never executed, so it needs no CSP nonce and the page can be cached whole.
 */
export interface HydrationData {
  language: Language;
  /** The render instant (ms since the epoch): the browser's clock starts from it while hydrating. */
  now: number;
  /** The variant rendered: the signed-in shell (the hint cookie, decision 038) or the visitor's. */
  signedIn?: boolean;
  router: {
    loaderData: Record<string, unknown>;
    errors: Record<string, SerializedRouteError> | null;
  };
  queries: DehydratedState;
}

/** JSON safe inside a <script> element: no "</script>", no "<!--", no line separators that break it. */
export function serializeHydrationData(data: HydrationData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The page's hydration data, or null when the root holds no server HTML (other routes, the native
 * app). Read once, by the browser's composition root (client-app.tsx, decision 058).
 */
export function readHydrationData(): HydrationData | null {
  const block = typeof document === "undefined" ? null : document.getElementById(HYDRATION_DATA_ID);
  try {
    return block?.textContent ? (JSON.parse(block.textContent) as HydrationData) : null;
  } catch {
    return null; // a damaged block: render from scratch as on any other route
  }
}
