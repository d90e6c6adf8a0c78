import type { ApiClient } from "../../../lib/api-client";

/** POST /client/resend-email-otp: a 429 carries retryAfter (seconds). */
export function resendEmailOtp(api: ApiClient, input: { email: string }) {
  return api.post("/client/resend-email-otp", { body: input });
}
