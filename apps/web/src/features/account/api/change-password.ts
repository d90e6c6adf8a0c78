import { messageResponseSchema } from "@tavolo/shared/api-responses";
import { apiClient } from "../../../lib/api-client";
import { parseAnswer } from "../../../lib/parse-answer";

/** POST /client/change-password (DESIGN §1): the other sessions end; this one goes on. */
export async function changePassword(body: { currentPassword: string; newPassword: string }) {
  return parseAnswer(apiClient, messageResponseSchema, await apiClient.post("/client/change-password", { body }));
}
