import { apiClient, clientPath } from "../../../lib/api-client";

/** POST /client/change-password (DESIGN §1): the other sessions end; this one goes on. */
export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return apiClient.post<{ success: true; message?: string }>(clientPath("/change-password"), body);
}
