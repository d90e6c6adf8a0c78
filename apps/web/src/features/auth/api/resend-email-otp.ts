import { apiClient } from "../../../lib/api-client";

/** POST /client/resend-email-otp: a 429 carries retryAfter (seconds). */
export function resendEmailOtp(input: { email: string }) {
  return apiClient.post("/client/resend-email-otp", { body: input });
}
