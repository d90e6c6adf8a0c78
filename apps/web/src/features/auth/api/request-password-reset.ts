import type { MessageResponse } from "@tavolo/shared/api-responses";
import { apiClient, clientPath } from "../../../lib/api-client";

/** POST /client/request-password-reset: answers alike whether the address exists or not. */
export function requestPasswordReset(input: { email: string }) {
  return apiClient.post<MessageResponse>(clientPath("/request-password-reset"), input);
}
