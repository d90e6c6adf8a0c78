import { apiClient } from "../../../lib/api-client";

/** POST /client/request-password-reset: answers alike whether the address exists or not. */
export function requestPasswordReset(input: { email: string }) {
  return apiClient.post("/client/request-password-reset", { body: input });
}
