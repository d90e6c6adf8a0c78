import { apiClient, clientPath } from "../../../lib/api-client";

/** GET /client/user-profile: the caller, named by the token alone (app-start validation). */
export function getCurrentUser() {
  return apiClient.get<{ user?: unknown }>(clientPath("/user-profile"));
}

/**
 * GET /client/getUserProfile/:id. `token` is for a bearer not stored yet (a Google return with
 * token and userId); otherwise the stored one is sent.
 */
export function getUserProfile(userId: string, token?: string) {
  return apiClient.get<{ profile?: unknown }>(clientPath(`/getUserProfile/${encodeURIComponent(userId)}`), {
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  });
}
