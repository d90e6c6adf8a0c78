import { messageResponseSchema } from "@tavolo/shared/api-responses";
import type { ApiClient } from "../../../lib/api-client";
import { parseAnswer } from "../../../lib/parse-answer";

/** POST /client/request-email-change {newEmail}: a confirmation link goes to the new address. */
export async function requestEmailChange(api: ApiClient, newEmail: string) {
  const body = await api.post("/client/request-email-change", { body: { newEmail } });
  return parseAnswer(api, messageResponseSchema, body);
}
