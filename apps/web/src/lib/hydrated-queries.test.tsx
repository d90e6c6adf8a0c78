import { describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { dehydrateForPage, hydrateFromPage } from "./hydrated-queries";

const UNKNOWN_CITY = ["restaurants", "search", "xyz"];
const FAILED = ["offers", "list", "xyz"];
const FOUND = ["cities"];

/** The server's render: a refused search (404), a failure that may pass (503), and an answer. */
async function serverCache(): Promise<QueryClient> {
  const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const refusal = new ApiError({
    status: 404,
    code: "city_not_found",
    message: "Non conosciamo «xyz»",
    fromServer: true,
  });
  const outage = new ApiError({ status: 503, code: "unavailable", message: "Servizio non disponibile" });
  await Promise.all([
    server.prefetchQuery({ queryKey: UNKNOWN_CITY, queryFn: () => Promise.reject(refusal) }),
    server.prefetchQuery({ queryKey: FAILED, queryFn: () => Promise.reject(outage) }),
    server.prefetchQuery({ queryKey: FOUND, queryFn: () => Promise.resolve(["milano"]) }),
  ]);
  return server;
}

function Search({ ask }: { ask: () => Promise<string> }) {
  const search = useQuery({ queryKey: UNKNOWN_CITY, queryFn: ask });
  const error = search.error;
  return <p>{error instanceof ApiError ? `${error.status} ${error.code}: ${error.message}` : search.status}</p>;
}

describe("the query cache a rendered page hands the browser (decision 059)", () => {
  it("carries a refusal as the same ApiError, which the page does not ask again", async () => {
    // Through JSON, as the page's data block carries it.
    const state = JSON.parse(JSON.stringify(dehydrateForPage(await serverCache()))) as ReturnType<
      typeof dehydrateForPage
    >;
    expect(state.queries.map((query) => query.queryKey)).toEqual([UNKNOWN_CITY, FOUND]);

    const browser = new QueryClient();
    hydrateFromPage(browser, state);
    const ask = vi.fn(() => Promise.resolve("asked again"));
    render(
      <QueryClientProvider client={browser}>
        <Search ask={ask} />
      </QueryClientProvider>,
    );
    await act(async () => {});

    expect(screen.getByText("404 city_not_found: Non conosciamo «xyz»")).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
    expect(browser.getQueryData(FOUND)).toEqual(["milano"]);
  });
});
