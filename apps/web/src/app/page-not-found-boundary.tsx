import { isRouteErrorResponse, useRouteError } from "react-router";
import NotFoundRoute from "./routes/not-found";

/**
 * Error boundary of the server-rendered pages: a restaurant or offer that does not exist (its loader
 * answered 404) shows the not-found page inside the app's shell; anything else goes up to RouteError.
 */
export function PageNotFoundBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  throw error;
}
