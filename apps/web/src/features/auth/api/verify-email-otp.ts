import type { ApiClient } from "../../../lib/api-client";

/** POST /client/verify-email-otp: the six-digit code typed by the user. */
export function verifyEmailOtp(api: ApiClient, input: { email: string; otp: string }) {
  return api.post("/client/verify-email-otp", { body: input });
}
