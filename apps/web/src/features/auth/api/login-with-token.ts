import type { ApiClient } from "../../../lib/api-client";

/** POST /client/login-with-token: the one-time token from e-mail verification (or the autoLogin flags). */
export function loginWithToken(api: ApiClient, input: { email: string; token: string }) {
  return api.post("/client/login-with-token", { body: input, anonymous: true });
}
