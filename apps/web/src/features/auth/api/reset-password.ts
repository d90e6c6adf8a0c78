import type { MessageResponse } from "@tavolo/shared/api-responses";
import { apiClient, clientPath } from "../../../lib/api-client";

/** POST /client/reset-password */
export function resetPassword(input: { token: string; newPassword: string }) {
  return apiClient.post<MessageResponse>(clientPath("/reset-password"), input);
}
