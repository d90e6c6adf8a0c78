import { useState, type ReactElement, type ReactNode } from "react";
import { render } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider } from "../src/features/auth/session/session-provider";
import { storage, type StoredUser } from "../src/lib/storage";
import { createBrowserApiClient } from "../src/app/browser-api-client";
import type { ApiClient } from "../src/lib/api-client";
import { ApiClientContext } from "../src/lib/api-client-context";

export const testUser: StoredUser = {
  id: "u-1",
  email: "giulia.rossi@example.com",
  firstName: "Giulia",
  lastName: "Rossi",
  displayName: "Giulia R.",
};

/** Stores a session the way the login flow does, before the provider reads it. */
export function signInAs(user: StoredUser = testUser): void {
  storage.setJson("user", user);
  storage.setString("auth_token", "test-token");
}

/**
 * The providers of client-app.tsx: the query cache, and an API client made as the browser's root
 * makes its own (fetch is stubbed per test), or the one a test hands in.
 */
export function Wrapper({ children, client, api }: { children: ReactNode; client: QueryClient; api?: ApiClient }) {
  const [browserApi] = useState(() => api ?? createBrowserApiClient());
  return (
    <QueryClientProvider client={client}>
      <ApiClientContext.Provider value={browserApi}>
        <SessionProvider>{children}</SessionProvider>
      </ApiClientContext.Provider>
    </QueryClientProvider>
  );
}

/** Renders routes in a memory router with a fresh query cache; returns the router to inspect or drive it. */
export function renderRoutes(routes: RouteObject[], { at = "/" }: { at?: string } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const view = render(
    <Wrapper client={client}>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return { ...view, router, client };
}

export function renderAt(element: ReactElement, { path = "/", at = path }: { path?: string; at?: string } = {}) {
  return renderRoutes(
    [
      { path, element },
      { path: "*", element: <p>other page</p> },
    ],
    { at },
  );
}

/** A layout piece (the header, say) above every page: "home page" at /, "other page" elsewhere. */
export function renderInLayout(layout: ReactElement, { at = "/" }: { at?: string } = {}) {
  return renderRoutes(
    [
      {
        path: "/",
        element: (
          <>
            {layout}
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>home page</p> },
          { path: "*", element: <p>other page</p> },
        ],
      },
    ],
    { at },
  );
}
