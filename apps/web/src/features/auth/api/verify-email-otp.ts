import type { LoginTokenResponse } from "@tavolo/shared/auth";
import { apiClient, clientPath } from "../../../lib/api-client";

/** POST /client/verify-email-otp: the six-digit code typed by the user. */
export function verifyEmailOtp(input: { email: string; otp: string }) {
  return apiClient.post<LoginTokenResponse>(clientPath("/verify-email-otp"), input);
}
