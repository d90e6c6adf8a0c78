import type { ComponentType } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import NotFoundRoute from "./routes/not-found";
import type { NotFoundTexts } from "./not-found-texts";

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
