import { apiClient } from "../../../lib/api-client";

/** POST /client/verify-email: the token (or code) carried by the e-mail link. */
export function verifyEmail(input: { actionCode: string; email: string }) {
  return apiClient.post("/client/verify-email", { body: input });
}
