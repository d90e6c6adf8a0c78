import { apiClient } from "../../../lib/api-client";

/** POST /client/reset-password */
export function resetPassword(input: { token: string; newPassword: string }) {
  return apiClient.post("/client/reset-password", { body: input });
}
