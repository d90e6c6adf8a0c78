import { verifyPhoneConfirmResponseSchema, verifyPhoneStartResponseSchema } from "@tavolo/shared/account";
import type { ApiClient } from "../../../lib/api-client";
import { parseAnswer } from "../../../lib/parse-answer";

/** POST /client/verify-phone/start {userId, phoneNumber, language}: an SMS code to the number. */
export async function startPhoneVerification(api: ApiClient, userId: string, phoneNumber: string) {
  const body = await api.post("/client/verify-phone/start", { body: { userId, phoneNumber } });
  return parseAnswer(api, verifyPhoneStartResponseSchema, body);
}

/** POST /client/verify-phone/confirm {userId, otp}: the number becomes the profile's, verified. */
export async function confirmPhoneVerification(api: ApiClient, userId: string, otp: string) {
  const body = await api.post("/client/verify-phone/confirm", { body: { userId, otp } });
  return parseAnswer(api, verifyPhoneConfirmResponseSchema, body);
}
