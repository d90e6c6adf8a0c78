import {
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  type DehydratedState,
  type QueryClient,
} from "@tanstack/react-query";
import { ApiError } from "./api-client";

/**
 * The query cache a server render hands the browser (decision 027), refusals included (decision
 * 059). TanStack's default hands over successes only, so a page the server rendered from a refused
 * question (an unknown city's 404) asked it again once in the browser: a second request, a second
 * 404 in the console, and a first client render that did not match the server's. A refusal (a 4xx
 * that asking again will not change) travels as plain data, is revived as the same ApiError, and is
 * not asked again when the page mounts; a failure that may pass (5xx, network, 429) stays out.
 */
type PlainRefusal = Pick<ApiError, "status" | "code" | "message" | "body" | "fromServer">;

/** 4xx answers a retry will not change: not a missing session (401/403), a timeout (408) or a rate limit (429). */
const TRANSIENT_4XX = new Set([401, 403, 408, 429]);

export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && !TRANSIENT_4XX.has(error.status);

/** Server side: successes, and refusals as plain data (an Error's message does not survive JSON). */
export function dehydrateForPage(client: QueryClient): DehydratedState {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isRefusal(query.state.error),
  });
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!isRefusal(error)) return query;
      const plain: PlainRefusal = {
        status: error.status,
        code: error.code,
        message: error.message,
        body: error.body,
        fromServer: error.fromServer,
      };
      return { ...query, state: { ...query.state, error: plain as unknown as Error } };
    }),
  };
}

/** Browser side: the refusals become ApiErrors again, and their queries are not asked again on mount. */
export function hydrateFromPage(client: QueryClient, state: DehydratedState): void {
  const refused = state.queries.filter((query) => query.state.status === "error" && query.state.error);
  const queries = state.queries.map((query) =>
    refused.includes(query)
      ? { ...query, state: { ...query.state, error: new ApiError(query.state.error as unknown as PlainRefusal) } }
      : query,
  );
  hydrate(client, { ...state, queries });
  keepRefusals(client);
}

/**
 * A refused query is not asked again as its component mounts: `retryOnMount`, off for its key only.
 * Both sides call it, the server before it renders: with it on, the server's render shows a refused
 * query as loading (it would be refetched on mount) while the browser shows the refusal, and React
 * throws the page's markup away on hydration.
 */
export function keepRefusals(client: QueryClient): void {
  for (const query of client.getQueryCache().getAll()) {
    if (isRefusal(query.state.error)) client.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
}
