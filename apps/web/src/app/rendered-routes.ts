import type { ComponentType } from "react";
import type { LoaderFunctionArgs } from "react-router";
import type { RenderedPageRoute } from "@tavolo/shared/app-paths";
import type { PageHeadOf } from "@tavolo/shared/rendered-page";

/**
 * A server-rendered page's route module (decisions 027, 049): its page, and a loader that fills the
 * query cache on the server and returns the page's head data. Null in the browser (no load context)
 * or when the page's data could not be had: the site's own head then.
 */
export interface RenderedRouteModule<K extends RenderedPageRoute> {
  default: ComponentType;
  loader: (args: LoaderFunctionArgs) => Promise<PageHeadOf<K> | null>;
  ErrorBoundary?: ComponentType;
}

/**
 * The route module of each page of RENDERED_PAGES (packages/shared/src/app-paths.ts), named like the
 * page: `app/routes/<page>.tsx` (the server's document finds its styles by that name). The type makes
 * a page missing here, or a loader returning another page's head, a type error.
 */
export const RENDERED_ROUTE_MODULES: { [K in RenderedPageRoute]: () => Promise<RenderedRouteModule<K>> } = {
  home: () => import("./routes/home"),
  search: () => import("./routes/search"),
  restaurant: () => import("./routes/restaurant"),
  offer: () => import("./routes/offer"),
};

/** What a rendered page's route carries, for the server render to tell which page it produced. */
export interface RenderedRouteHandle {
  renderedPage: RenderedPageRoute;
}

export function isRenderedRouteHandle(handle: unknown): handle is RenderedRouteHandle {
  return typeof handle === "object" && handle !== null && "renderedPage" in handle;
}
