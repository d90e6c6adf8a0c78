import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { API_TIMEOUT_MS } from "@tavolo/shared/constants";
import { restaurantDetailFixture } from "../../test/fixtures";
import { answer, apiError } from "../../test/mock-api";
import { createApiClient } from "../lib/api-client";
import { restaurantQuery, useRestaurant } from "../features/restaurants/api/get-restaurant";
import { createQueryClient } from "./providers";
import { restaurantLoader, type PageLoadContext } from "./page-loaders";
import { NOT_FOUND_TEXTS, notFoundBoundary } from "./page-not-found-boundary";

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
  const load: PageLoadContext = { queryClient: createQueryClient(), api, language: "it", now: Date.now() };
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
    { initialEntries: [path], getContext: () => load as never },
  );
  render(
    <QueryClientProvider client={load.queryClient}>
      <RouterProvider router={router} />
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
    renderAt("/restaurants/r1", load);
    expect(await screen.findByRole("heading", { name: "Da Gino" })).toBeInTheDocument();
    expect(load.queryClient.getQueryData(restaurantQuery("r1", "it").queryKey)).toMatchObject({
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
    await waitFor(() => expect(Object.values(router.state.errors ?? {})[0]).toMatchObject({ status: 404 }));
  });

  it("does nothing without a load context (the browser, the native app): the page fetches as before", async () => {
    const loaded = await restaurantLoader({
      params: { id: "r1" },
      request: new Request("http://tavolo.test/restaurants/r1"),
      context: {},
    } as never);
    expect(loaded).toBeNull();
  });
});
