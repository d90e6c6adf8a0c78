import type { AuthUser } from "@tavolo/shared/auth";
import { apiClient, clientPath } from "../../../lib/api-client";

/** POST /client/verify-phone/start {userId, phoneNumber, language}: an SMS code to the number. */
export function startPhoneVerification(userId: string, phoneNumber: string) {
  return apiClient.post<{ success: true; alreadyVerified: boolean; message?: string }>(
    clientPath("/verify-phone/start"),
    { userId, phoneNumber },
  );
}

/** POST /client/verify-phone/confirm {userId, otp}: the number becomes the profile's, verified. */
export function confirmPhoneVerification(userId: string, otp: string) {
  return apiClient.post<{ success: true; user: AuthUser; message?: string }>(clientPath("/verify-phone/confirm"), {
    userId,
    otp,
  });
}
