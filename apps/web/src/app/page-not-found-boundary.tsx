import type { ComponentType } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import NotFoundRoute, { type NotFoundTexts } from "./routes/not-found";

/** What a missing restaurant or offer is called on its not-found page (and in its <title>). */
export const NOT_FOUND_TEXTS = {
  restaurant: { titleKey: "restaurant.notFound", textKey: "restaurant.notFoundText" },
  offer: { titleKey: "offers.notFound", textKey: "offers.notFoundText" },
} satisfies Record<string, NotFoundTexts>;

/**
 * Error boundary of a server-rendered detail page: a restaurant or offer that does not exist (its
 * loader answered 404) shows the not-found page, in its own words, inside the app's shell; any
 * other error goes up to RouteError.
 */
export function notFoundBoundary(texts: NotFoundTexts): ComponentType {
  return function PageNotFoundBoundary() {
    const error = useRouteError();
    if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute texts={texts} />;
    throw error;
  };
}
