import type { ApiClient } from "../../../lib/api-client";

/** POST /client/reset-password */
export function resetPassword(api: ApiClient, input: { token: string; newPassword: string }) {
  return api.post("/client/reset-password", { body: input });
}
