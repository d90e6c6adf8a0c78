import { apiClient, clientPath } from "../../../lib/api-client";

/** POST /client/reset-password */
export function resetPassword(input: { token: string; newPassword: string }) {
  return apiClient.post<{ success?: boolean; message?: string }>(clientPath("/reset-password"), input);
}
