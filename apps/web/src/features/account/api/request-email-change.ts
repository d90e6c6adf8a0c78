import { messageResponseSchema } from "@tavolo/shared/api-responses";
import { apiClient } from "../../../lib/api-client";
import { parseAnswer } from "../../../lib/parse-answer";

/** POST /client/request-email-change {newEmail}: a confirmation link goes to the new address. */
export async function requestEmailChange(newEmail: string) {
  const body = await apiClient.post("/client/request-email-change", { body: { newEmail } });
  return parseAnswer(apiClient, messageResponseSchema, body);
}
