import i18n from "../../../i18n/i18n";
import type { ApiClient } from "../../../lib/api-client";
import type { StoredUser } from "../../../lib/storage";
import { toSession } from "../api/login";
import { loginWithToken } from "../api/login-with-token";
import type { SignInPayload } from "./session-context";
import { readStoredSession, takeAutoLogin } from "./session-storage";

export type InitialSession =
  { kind: "signIn"; session: SignInPayload } | { kind: "stored"; user: StoredUser } | { kind: "none" };

/**
 * SPEC §4 app start: the saved-token login first; then (the Google return is its own route,
 * /auth/google/callback) the session kept in storage, which the provider re-validates.
 */
export async function startSession(api: ApiClient): Promise<InitialSession> {
  const auto = takeAutoLogin();
  if (auto) {
    try {
      return { kind: "signIn", session: toSession(await loginWithToken(api, auto), i18n.t("auth.incompleteData")) };
    } catch (error) {
      // SPEC §4: a failed token login is only logged; the start goes on with what is stored.
      console.warn("auto-login failed", error);
    }
  }
  const user = readStoredSession();
  return user ? { kind: "stored", user } : { kind: "none" };
}
