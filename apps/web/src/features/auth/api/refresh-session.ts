import type { ApiClient } from "../../../lib/api-client";

/**
 * POST /client/refresh-token for a refresh token that is not the stored session's (the biometric
 * copy): sent without a bearer, so its 401 is an answer, never a reason to refresh again.
 */
export function refreshSession(api: ApiClient, refreshToken: string) {
  return api.post("/client/refresh-token", { body: { refreshToken }, anonymous: true });
}

/** POST /client/logout for such a token alone: ends that session on the server. */
export function endSession(api: ApiClient, refreshToken: string) {
  return api.post("/client/logout", { body: { refreshToken }, anonymous: true });
}
