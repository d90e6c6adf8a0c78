import { API_TIMEOUT_MS } from "@tavolo/shared/constants";
import i18n, { currentLanguage } from "../i18n/i18n";
import { API_BASE_URL } from "../config/env";
import { ApiError, createApiClient, type ApiClient } from "../lib/api-client";
import { createSessionRefresher } from "../lib/session-refresh";
import { storage } from "../lib/storage";

/**
 * The browser's API client, made by its composition root (client-app.tsx) and handed to
 * `Providers`; every call takes it from there (`useApiClient()`), never from a module (decision
 * 058). It sends the stored bearer, and on a 401 refreshes the session once for every call waiting
 * (lib/session-refresh.ts). The tests' Wrapper makes one per render the same way.
 */
export function createBrowserApiClient(): ApiClient {
  const translate = (key: string) => i18n.t(key);
  // Only for POST /client/refresh-token: no bearer, and a 401 here never starts another refresh.
  const refreshClient = createApiClient({
    baseUrl: API_BASE_URL,
    timeoutMs: API_TIMEOUT_MS,
    getToken: () => null,
    getLanguage: currentLanguage,
    translate,
  });
  return createApiClient({
    baseUrl: API_BASE_URL,
    timeoutMs: API_TIMEOUT_MS,
    getToken: () => storage.getString("auth_token"),
    getLanguage: currentLanguage,
    translate,
    onUnauthorized: createSessionRefresher({
      refresh: (refreshToken) => refreshClient.post("/client/refresh-token", { body: { refreshToken } }),
      refused: (error) => error instanceof ApiError && error.status >= 400 && error.status < 500,
      messageOf: (error) => (error instanceof ApiError && error.fromServer ? error.message : null),
      translate,
    }),
  });
}
