import { createBrowserApiClient } from "../src/app/browser-api-client";
import type { ApiClient } from "../src/lib/api-client";

/**
 * An API client made as the browser's composition root makes its own (decision 058): the stored
 * bearer, the app's language, the session refresher. For tests that call a request function
 * directly; rendered screens get theirs from `Wrapper`. Fetch is stubbed per test.
 */
export function testApiClient(): ApiClient {
  return createBrowserApiClient();
}
