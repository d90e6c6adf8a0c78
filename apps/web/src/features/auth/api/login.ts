import type { AuthSessionResponse } from "@tavolo/shared/auth";
import { errorMessage, type ApiClient } from "../../../lib/api-client";
import { storage } from "../../../lib/storage";
import type { SignInPayload } from "../session/session-context";

/** An answer without a token or a user: 'Dati di autenticazione incompleti' (SPEC §8). */
export class IncompleteAuthError extends Error {}

/** A session out of any auth response, or an error when the server left a part out (SPEC §8). */
export function toSession(response: Partial<AuthSessionResponse>, incompleteMessage: string): SignInPayload {
  const token = response.token ?? response.accessToken;
  const user = storage.parseUser(response.user);
  if (!token || !user) throw new IncompleteAuthError(incompleteMessage);
  return { token, user, refreshToken: response.refreshToken ?? null };
}

/** What to show for a failed sign-in: ours for incomplete data, else the server's, else `fallback`. */
export function signInErrorMessage(error: unknown, fallback: string): string {
  return error instanceof IncompleteAuthError ? error.message : errorMessage(error, fallback);
}

/** POST /client/login; `code` once the server has asked for the mailed one (login_code_required, decision 036). */
export function login(api: ApiClient, input: { email: string; password: string; code?: string }) {
  return api.post("/client/login", { body: input, anonymous: true });
}
