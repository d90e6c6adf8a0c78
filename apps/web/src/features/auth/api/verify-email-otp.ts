import { apiClient } from "../../../lib/api-client";

/** POST /client/verify-email-otp: the six-digit code typed by the user. */
export function verifyEmailOtp(input: { email: string; otp: string }) {
  return apiClient.post("/client/verify-email-otp", { body: input });
}
