import { apiClient, clientPath } from "../../../lib/api-client";

/** POST /client/request-email-change {newEmail}: a confirmation link goes to the new address. */
export function requestEmailChange(newEmail: string) {
  return apiClient.post<{ success: true; message?: string }>(clientPath("/request-email-change"), { newEmail });
}
