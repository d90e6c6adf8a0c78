import { apiClient, clientPath } from "../../../lib/api-client";
import type { VerifyResponse } from "./verify-email-otp";

/** POST /client/verify-email: the token (or code) carried by the e-mail link. */
export function verifyEmail(input: { actionCode: string; email: string }) {
  return apiClient.post<VerifyResponse>(clientPath("/verify-email"), input);
}
