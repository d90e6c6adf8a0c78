import type { ApiClient } from "../../../lib/api-client";

/** GET /client/user-profile: the caller, named by the token alone (app-start validation). */
export function getCurrentUser(api: ApiClient) {
  return api.get("/client/user-profile");
}

/**
 * GET /client/getUserProfile/:id. `token` is for a bearer not stored yet (a Google return with
 * token and userId); otherwise the stored one is sent.
 */
export function getUserProfile(api: ApiClient, userId: string, token?: string, options: { fresh?: boolean } = {}) {
  return api.get("/client/getUserProfile/:id", {
    params: { id: userId },
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    // The settings screen's cache-busting parameter (SPEC §7): no cache in between may answer.
    query: options.fresh ? { _t: Date.now() } : undefined,
  });
}

/** GET /client/user-profile with a bearer that is not stored yet (a biometric sign-in). */
export function getCurrentUserWith(api: ApiClient, token: string) {
  return api.get("/client/user-profile", {
    headers: { Authorization: `Bearer ${token}` },
  });
}
