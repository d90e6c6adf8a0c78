import { API_BASE_URL } from "../../../config/env";
import type { ApiClient } from "../../../lib/api-client";

export interface GoogleRedirectOptions {
  registration?: boolean;
  termsAccepted?: boolean;
  marketing?: boolean;
}

/**
 * GET /api/auth/google/redirect is a full-page navigation to Google and back (not a fetch): the
 * server runs the OIDC code flow and returns to the web with a one-time code.
 */
export function googleRedirectUrl(options: GoogleRedirectOptions = {}): string {
  const params = new URLSearchParams();
  if (options.registration) params.set("registration", "true");
  if (options.termsAccepted !== undefined) params.set("terms_accepted", String(options.termsAccepted));
  if (options.marketing !== undefined) params.set("marketing", String(options.marketing));
  const query = params.toString();
  return `${API_BASE_URL}/auth/google/redirect${query ? `?${query}` : ""}`;
}

/** GET /api/auth/google/status: whether this server has Google sign-in configured. */
export function getGoogleStatus(api: ApiClient) {
  return api.get("/auth/google/status");
}

/** POST /api/auth/google/code: the one-time code of the Google return, for a session. */
export function exchangeGoogleCode(api: ApiClient, code: string) {
  return api.post("/auth/google/code", { body: { code }, anonymous: true });
}

/** POST /api/client/auth/google: the ID token of the native Google sign-in, for a session. */
export function signInWithGoogleIdToken(api: ApiClient, idToken: string, options: GoogleRedirectOptions = {}) {
  return api.post("/client/auth/google", {
    body: {
      idToken,
      registration: options.registration ?? false,
      termsAccepted: options.termsAccepted ?? false,
      newsletterSubscribed: options.marketing ?? false,
    },
    anonymous: true,
  });
}
