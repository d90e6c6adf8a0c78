import type { ComponentType } from "react";
import {
  createBrowserRouter,
  Navigate,
  type HydrationState,
  type LoaderFunction,
  type RouteObject,
} from "react-router";
import { RENDERED_PAGES, type RenderedPageRoute } from "@tavolo/shared/app-paths";
import { routePatterns, paths } from "../config/paths";
import { AppShell } from "../features/shell/components/app-shell";
import { RedirectIfSignedIn, RequireAuth } from "../features/auth/session/route-guards";
import { NativeIntegration } from "../features/auth/session/native-integration";
import { RouteError } from "./route-error";
import { restOfMessages } from "../i18n/i18n";
import { setBookingRouteLoader } from "../lib/booking-prefetch";
import { loadWhenOnline } from "../lib/network-status";
import { ROUTER_FUTURE } from "./page-load-context";
import { RENDERED_ROUTE_MODULES, type RenderedRouteHandle } from "./rendered-routes";

type PageModule = { default: ComponentType; loader?: LoaderFunction; ErrorBoundary?: ComponentType };

/**
 * Each page is its own chunk, fetched when its route is first visited. The server-rendered pages
 * also export their loader and error boundary from it (decision 027), so neither weighs on the start.
 * A page says its texts with the start part of the messages (`startPage`: the four rendered pages and
 * not-found, decision 031) or waits for the rest of them too (`page`, the default).
 */
const startPage = (load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => {
    // Offline, the navigation waits (the screen shown stays) and retries when the network is back.
    const module = await loadWhenOnline(load);
    return {
      Component: module.default,
      ...(module.loader ? { loader: retryingLoader(module.loader) } : {}),
      ...(module.ErrorBoundary ? { ErrorBoundary: module.ErrorBoundary } : {}),
    };
  },
});

/**
 * A page's data, like its code, waits for the network instead of failing offline. In the browser the
 * loaders fetch nothing (the page asks for its data once shown), so an offline move would otherwise
 * show the new page empty under its new title: offline, it waits on the screen the diner is on.
 */
const retryingLoader =
  (loader: LoaderFunction): LoaderFunction =>
  (args, handlerContext) =>
    typeof window === "undefined"
      ? loader(args, handlerContext)
      : loadWhenOnline(async () => loader(args, handlerContext), { needsNetwork: true });

const page = (load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> =>
  startPage(async () => (await Promise.all([load(), restOfMessages()]))[0]);

const loadReservation = () => import("./routes/reservation");
const loadLogin = () => import("./routes/login");
// A touched time chip runs the booking form's code ahead of the tap's navigation (decisions 039, 064).
setBookingRouteLoader(() => Promise.all([loadReservation(), restOfMessages()]));

const strip = (pattern: string) => pattern.replace(/^\//, "");

/** A server-rendered page's route (decision 049): its path from the shared list, its module named like it. */
function renderedRoute(name: RenderedPageRoute): RouteObject {
  const handle: RenderedRouteHandle = { renderedPage: name };
  const path = strip(routePatterns[name]);
  return { ...(path ? { path } : { index: true }), handle, ...startPage(RENDERED_ROUTE_MODULES[name]) };
}

export const routes: RouteObject[] = [
  {
    path: "/",
    element: (
      <>
        <AppShell />
        <NativeIntegration />
      </>
    ),
    errorElement: <RouteError />,
    // While the first page's chunk loads, paint the shell (header, bar) instead of a blank screen.
    hydrateFallbackElement: <AppShell />,
    children: [
      {
        // A page that fails shows its error inside the shell: header, bar and the offline notice stay.
        errorElement: <RouteError inShell />,
        children: [
          ...RENDERED_PAGES.map(renderedRoute),
          { path: strip(routePatterns.verifyEmail), ...page(() => import("./routes/verify-email")) },
          { path: strip(routePatterns.verifyResult), ...page(() => import("./routes/verify-email")) },
          { path: strip(routePatterns.emailVerification), ...page(() => import("./routes/email-verification")) },
          { path: strip(routePatterns.resetPassword), ...page(() => import("./routes/reset-password")) },
          { path: strip(routePatterns.emailRedirect), ...page(() => import("./routes/email-redirect")) },
          { path: strip(routePatterns.googleCallback), ...page(() => import("./routes/google-callback")) },
          { path: strip(routePatterns.terms), ...page(() => import("./routes/terms")) },
          { path: strip(routePatterns.privacy), ...page(() => import("./routes/privacy")) },
          { path: strip(routePatterns.accountDeletion), ...page(() => import("./routes/account-deletion")) },
          { path: strip(routePatterns.holdConfirm), ...page(() => import("./routes/hold-confirm")) },
          { path: strip(routePatterns.reminderAttend), ...page(() => import("./routes/reminder-attend")) },
          { path: strip(routePatterns.reminderRelease), ...page(() => import("./routes/reminder-release")) },
          {
            element: <RedirectIfSignedIn />,
            children: [
              { path: strip(routePatterns.login), ...page(loadLogin) },
              { path: strip(routePatterns.register), ...page(() => import("./routes/register")) },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: strip(routePatterns.reservation), ...page(loadReservation) },
              { path: strip(routePatterns.profile), element: <Navigate to={paths.settings()} replace /> },
              { path: strip(routePatterns.settings), ...page(() => import("./routes/settings")) },
              { path: strip(routePatterns.history), ...page(() => import("./routes/history")) },
              { path: strip(routePatterns.favorites), ...page(() => import("./routes/favorites")) },
              { path: strip(routePatterns.notifications), ...page(() => import("./routes/notifications")) },
              { path: strip(routePatterns.completeProfile), ...page(() => import("./routes/complete-profile")) },
            ],
          },
          { path: "*", ...startPage(() => import("./routes/not-found")) },
        ],
      },
    ],
  },
];

/** With `hydrationData`, the router starts from a server render's state instead of loading again. */
export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { future: ROUTER_FUTURE, ...(hydrationData ? { hydrationData } : {}) });
}
