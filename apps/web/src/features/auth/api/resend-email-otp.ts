import type { MessageResponse } from "@tavolo/shared/api-responses";
import { apiClient, clientPath } from "../../../lib/api-client";

/** POST /client/resend-email-otp: a 429 carries retryAfter (seconds). */
export function resendEmailOtp(input: { email: string }) {
  return apiClient.post<MessageResponse>(clientPath("/resend-email-otp"), input);
}
