import { NATIVE_GOOGLE_CLIENT_IDS } from "../../../config/env";
import { paths } from "../../../config/paths";
import { ApiError, type ApiClient } from "../../../lib/api-client";
import type { GoogleClientIds, NativeBridge } from "../../../lib/native";
import { signInWithGoogleIdToken, type GoogleRedirectOptions } from "../api/google";
import { toSession } from "../api/login";
import type { SignInPayload } from "./session-context";

export type NativeGoogleResult =
  | { kind: "signedIn"; session: SignInPayload }
  | { kind: "cancelled" }
  | { kind: "notConfigured" }
  /** No Tavolo account for this Google account: /register, prefilled as after the web flow. */
  | { kind: "notRegistered"; registerPath: string };

function registerPath(error: ApiError): string {
  const body = (error.body ?? {}) as { email?: unknown; name?: unknown };
  const params = new URLSearchParams({
    error: error.message,
    type: "notRegistered",
    email: typeof body.email === "string" ? body.email : "",
    name: typeof body.name === "string" ? body.name : "",
    showError: "true",
  });
  return `${paths.register()}?${params.toString()}`;
}

const notRegistered = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.code === "ACCOUNT_NOT_REGISTERED" || (error.body as { type?: unknown } | null)?.type === "notRegistered");

/**
 * Google sign-in inside the native app: the plugin's account picker yields an ID token, which
 * POST /api/client/auth/google verifies and turns into a session. Other failures reject (ApiError
 * or the plugin's error) for the caller to show as auth.googleLoginFailed.
 */
export async function signInWithNativeGoogle(
  api: ApiClient,
  bridge: NativeBridge,
  options: GoogleRedirectOptions,
  incomplete: string,
  clientIds: GoogleClientIds = NATIVE_GOOGLE_CLIENT_IDS,
): Promise<NativeGoogleResult> {
  const picked = await bridge.googleSignIn(clientIds);
  if (picked.kind !== "idToken") return picked;
  try {
    const answer = await signInWithGoogleIdToken(api, picked.idToken, options);
    return { kind: "signedIn", session: toSession(answer, incomplete) };
  } catch (error) {
    if (notRegistered(error)) return { kind: "notRegistered", registerPath: registerPath(error) };
    if (error instanceof ApiError && error.code === "google_not_configured") return { kind: "notConfigured" };
    throw error;
  }
}
