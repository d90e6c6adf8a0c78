import type { QueryClient } from "@tanstack/react-query";
import { createContext, RouterContextProvider } from "react-router";
import type { Language } from "@tavolo/shared/languages";
import type { ApiClient } from "../lib/api-client";

// Loaders read React Router's typed context (decision 049): `context.get(pageLoadContext)`. The
// routers run with the v8_middleware flag on (router.tsx, entry-server.tsx) so that `context` is a
// RouterContextProvider at run time too, as this declaration tells the type checker.
declare module "react-router" {
  interface Future {
    v8_middleware: true;
  }
}

/** The routers' future flags, the same on both sides of hydration. */
export const ROUTER_FUTURE = { v8_middleware: true } as const;

/**
 * What a server render hands the loaders of the rendered pages (decision 027): the request's own
 * query cache, API client (its fetch goes through the API in-process), language, render instant
 * and messages (a missing page's head is named in them).
 */
export interface PageLoadContext {
  queryClient: QueryClient;
  api: ApiClient;
  language: Language;
  now: number;
  translate: (key: string) => string;
}

/**
 * Null in the browser and the native app: there the loaders do nothing, and pages load their data
 * as they always have, showing their own loading states.
 */
export const pageLoadContext = createContext<PageLoadContext | null>(null);

/** The router context of one server render. */
export function renderContext(load: PageLoadContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(pageLoadContext, load);
  return context;
}
