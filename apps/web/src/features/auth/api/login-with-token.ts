import { apiClient, clientPath } from "../../../lib/api-client";
import type { AuthSessionResponse } from "@tavolo/shared/auth";

/** POST /client/login-with-token: the one-time token from e-mail verification (or the autoLogin flags). */
export function loginWithToken(input: { email: string; token: string }) {
  return apiClient.post<AuthSessionResponse>(clientPath("/login-with-token"), input, { anonymous: true });
}
