import type { ApiClient } from "../../../lib/api-client";

/** POST /client/request-password-reset: answers alike whether the address exists or not. */
export function requestPasswordReset(api: ApiClient, input: { email: string }) {
  return api.post("/client/request-password-reset", { body: input });
}
