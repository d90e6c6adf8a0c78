import { isRouteErrorResponse, type StaticHandlerContext } from "react-router";
import type { RenderedPageRoute } from "@tavolo/shared/app-paths";
import type { RenderedPage } from "@tavolo/shared/rendered-page";
import { isRenderedRouteHandle } from "../app/rendered-routes";

/** Which rendered page a render matched, by its route's handle (app/router.tsx). */
export function renderedRouteOf(context: StaticHandlerContext): RenderedPageRoute {
  const handle = context.matches.at(-1)?.route.handle;
  // The API renders only the paths of RENDERED_PAGES, which the router routes to these routes.
  if (!isRenderedRouteHandle(handle)) throw new Error(`${context.location.pathname} is not a rendered page`);
  return handle.renderedPage;
}

const isHead = (value: unknown): value is RenderedPage =>
  typeof value === "object" && value !== null && "kind" in value;

/**
 * The head data of the page a render produced (decision 049): what the leaf's loader returned, or
 * the not-found head it threw with its 404. A loader that could not have its page's data returns
 * none: the site's own head then, as for the home page.
 */
export function renderedHead(context: StaticHandlerContext): RenderedPage {
  // Thrown with a 404 by the leaf's loader, caught by the nearest error boundary.
  const thrown = Object.values(context.errors ?? {}).find((error) => isRouteErrorResponse(error) && isHead(error.data));
  if (isRouteErrorResponse(thrown) && isHead(thrown.data)) return thrown.data;
  const leaf = context.matches.at(-1);
  const data: unknown = leaf ? context.loaderData[leaf.route.id] : null;
  return isHead(data) ? data : { kind: "home" };
}

/**
 * The router's state for the browser to hydrate with: which routes loaded, not what they returned.
 * The head data is the server's alone (the page's data is in the query cache, hydrated apart), and
 * each route error as plain status and text.
 */
export function hydrationRouterState(context: StaticHandlerContext) {
  const loaderData = Object.fromEntries(Object.keys(context.loaderData).map((id) => [id, null]));
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { status: error.status, statusText: error.statusText }
            : { status: 500, statusText: "Internal Server Error" },
        ]),
      )
    : null;
  return { loaderData, errors };
}
