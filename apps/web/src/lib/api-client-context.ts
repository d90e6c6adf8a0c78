import { createContext, useContext } from "react";
import type { ApiClient } from "./api-client";

/**
 * The API client of this render, provided beside the QueryClient (app/providers.tsx, decision 050):
 * the browser's, or on the server the request's own, whose fetch stays in-process. Queries take it
 * from here, never from a module default, so a page rendered on the server cannot reach the
 * browser's client by forgetting an argument.
 */
export const ApiClientContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const api = useContext(ApiClientContext);
  if (!api) throw new Error("useApiClient outside <Providers>: no API client for this render");
  return api;
}
