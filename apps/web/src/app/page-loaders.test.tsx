import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterContextProvider, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { API_TIMEOUT_MS } from "@tavolo/shared/constants";
import { restaurantDetailFixture } from "../../test/fixtures";
import { answer, apiError } from "../../test/mock-api";
import { createApiClient } from "../lib/api-client";
import { ApiClientContext } from "../lib/api-client-context";
import { restaurantQuery, useRestaurant } from "../features/restaurants/api/get-restaurant";
import { createQueryClient } from "./providers";
import { restaurantLoader } from "./page-loaders";
import { renderContext, ROUTER_FUTURE, type PageLoadContext } from "./page-load-context";
import { notFoundBoundary } from "./page-not-found-boundary";
import { NOT_FOUND_TEXTS } from "./not-found-texts";

/**
 * The real restaurant loader in a memory router, given the load context a server render gives it
 * (decision 027): it fills the query cache through the request's API client, and the page's own
 * hook then reads that entry instead of fetching again.
 */
function setUp(answers: Record<string, () => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://tavolo.test");
    const respond =
      answers[url.pathname] ??
      (() => apiError({ success: false, error: "Risorsa non trovata", code: "not_found" }, 404));
    return respond();
  });
  const api = createApiClient({
    baseUrl: "/api",
    timeoutMs: API_TIMEOUT_MS,
    getToken: () => null,
    getLanguage: () => "it",
    translate: (key) => key,
    fetch: fetch as typeof globalThis.fetch,
  });
  const load: PageLoadContext = {
    queryClient: createQueryClient(),
    api,
    language: "it",
    now: Date.now(),
    translate: (key) => key,
  };
  return { fetch, load };
}

function RestaurantName() {
  const restaurant = useRestaurant("r1");
  return <h1>{restaurant.data?.name ?? "…"}</h1>;
}

function renderAt(path: string, load: PageLoadContext) {
  const router = createMemoryRouter(
    [
      {
        path: "/restaurants/:id",
        loader: restaurantLoader,
        Component: RestaurantName,
        ErrorBoundary: notFoundBoundary(NOT_FOUND_TEXTS.restaurant),
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: [path], getContext: () => renderContext(load), future: ROUTER_FUTURE },
  );
  render(
    <QueryClientProvider client={load.queryClient}>
      <ApiClientContext.Provider value={load.api}>
        <RouterProvider router={router} />
      </ApiClientContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe("the restaurant page's loader", () => {
  it("loads the restaurant into the query the page reads: the page does not fetch it again", async () => {
    const { fetch, load } = setUp({
      "/api/client/getRestaurantById/r1": () =>
        answer("GET /client/getRestaurantById/:id", {
          success: true,
          restaurant: restaurantDetailFixture({ id: "r1", name: "Da Gino" }),
        }),
      "/api/client/getAvailableTables/r1": () =>
        answer("GET /client/getAvailableTables/:id", {
          success: true,
          date: "2026-11-25",
          time: "20:00",
          slots: ["20:00"],
          tables: [],
        }),
      "/api/client/getAvailableSlots/r1": () =>
        answer("GET /client/getAvailableSlots/:id", { success: true, date: "2026-11-25", people: 2, slots: ["20:00"] }),
    });
    const router = renderAt("/restaurants/r1", load);
    expect(await screen.findByRole("heading", { name: "Da Gino" })).toBeInTheDocument();
    // Its head data (decision 049): what the server's <head> is made of.
    expect(Object.values(router.state.loaderData)[0]).toMatchObject({
      kind: "restaurant",
      restaurant: { name: "Da Gino" },
    });
    expect(load.queryClient.getQueryData(restaurantQuery("r1", "it", load.api).queryKey)).toMatchObject({
      restaurant: { name: "Da Gino" },
    });
    const restaurantCalls = fetch.mock.calls.filter(([url]) => String(url).includes("getRestaurantById"));
    expect(restaurantCalls).toHaveLength(1);
    // The picker's free times of its first day come with the page too, for a party of two.
    const slotCalls = fetch.mock.calls.filter(([url]) => String(url).includes("getAvailableSlots"));
    expect(slotCalls).toHaveLength(1);
    expect(String(slotCalls[0]![0])).toContain("people=2");
  });

  it("turns the API's 404 into the not-found page", async () => {
    const { load } = setUp({});
    const router = renderAt("/restaurants/r1", load);
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Ristorante non trovato");
    // With the missing page's head, in the request's messages.
    await waitFor(() =>
      expect(Object.values(router.state.errors ?? {})[0]).toMatchObject({
        status: 404,
        data: { kind: "notFound", title: "restaurant.notFound", description: "restaurant.notFoundText" },
      }),
    );
  });

  it("does nothing without a load context (the browser, the native app): the page fetches as before", async () => {
    const loaded = await restaurantLoader({
      params: { id: "r1" },
      request: new Request("http://tavolo.test/restaurants/r1"),
      url: new URL("http://tavolo.test/restaurants/r1"),
      pattern: "/restaurants/:id",
      context: new RouterContextProvider(),
    });
    expect(loaded).toBeNull();
  });
});
