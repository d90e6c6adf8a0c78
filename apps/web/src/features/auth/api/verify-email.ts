import { apiClient, clientPath } from "../../../lib/api-client";
import type { LoginTokenResponse } from "@tavolo/shared/auth";

/** POST /client/verify-email: the token (or code) carried by the e-mail link. */
export function verifyEmail(input: { actionCode: string; email: string }) {
  return apiClient.post<LoginTokenResponse>(clientPath("/verify-email"), input);
}
