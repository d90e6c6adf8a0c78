import { messageResponseSchema } from "@tavolo/shared/api-responses";
import type { ApiClient } from "../../../lib/api-client";
import { parseAnswer } from "../../../lib/parse-answer";

/** POST /client/change-password (DESIGN §1): the other sessions end; this one goes on. */
export async function changePassword(api: ApiClient, body: { currentPassword: string; newPassword: string }) {
  return parseAnswer(api, messageResponseSchema, await api.post("/client/change-password", { body }));
}
