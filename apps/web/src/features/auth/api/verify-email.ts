import type { ApiClient } from "../../../lib/api-client";

/** POST /client/verify-email: the token (or code) carried by the e-mail link. */
export function verifyEmail(api: ApiClient, input: { actionCode: string; email: string }) {
  return api.post("/client/verify-email", { body: input });
}
