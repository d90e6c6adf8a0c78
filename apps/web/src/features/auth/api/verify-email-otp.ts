import { apiClient, clientPath } from "../../../lib/api-client";

export interface VerifyResponse {
  success?: boolean;
  loginToken?: string;
  message?: string;
}

/** POST /client/verify-email-otp: the six-digit code typed by the user. */
export function verifyEmailOtp(input: { email: string; otp: string }) {
  return apiClient.post<VerifyResponse>(clientPath("/verify-email-otp"), input);
}
