import { ApiError, type ApiClient } from "../../../lib/api-client";
import type { BiometricPrompt } from "../../../lib/native";
import { nativeLoader } from "../../../lib/native-loader";
import { onRefreshTokenRotated } from "../../../lib/session-refresh";
import { storage } from "../../../lib/storage";
import { getCurrentUserWith } from "../api/get-user-profile";
import { login, toSession } from "../api/login";
import { endSession, refreshSession } from "../api/refresh-session";
import type { SignInPayload } from "./session-context";

/**
 * Biometric sign-in (native app only). The device's secure store (Keychain / Android Keystore)
 * keeps a refresh token of a session of its own, opened by a second password login when the user
 * turns the feature on: the running app never uses it, so it outlives the app's session ending
 * (expired, revoked as a replay, storage wiped by the OS). Unlocking it with a face or finger
 * refreshes it into a new signed-in session; from then on the stored copy follows that session's
 * rotations. Logout and a password change forget it, on the device and on the server.
 */
const CREDENTIAL_KEY = "tavolo.biometric-session";

interface DeviceCredential {
  email: string;
  refreshToken: string;
}

/** Why a biometric sign-in did not happen: the login page shows auth.biometricFailed for each. */
export class BiometricSignInError extends Error {}

function parseCredential(raw: string | null): DeviceCredential | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DeviceCredential>;
    return typeof value.email === "string" && typeof value.refreshToken === "string" && value.refreshToken
      ? { email: value.email, refreshToken: value.refreshToken }
      : null;
  } catch {
    return null;
  }
}

async function readCredential() {
  const bridge = await nativeLoader.load();
  if (!bridge) return { bridge: null, credential: null };
  return { bridge, credential: parseCredential(await bridge.secureStore.get(CREDENTIAL_KEY)) };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether /login shows the biometric button: native, biometrics enrolled and a session stored. */
export async function canSignInWithBiometrics(): Promise<boolean> {
  const { bridge, credential } = await readCredential();
  return Boolean(bridge && credential && (await bridge.biometricsAvailable()));
}

/** Whether to offer biometric sign-in after this password login (not when it is already on for them). */
export async function shouldOfferBiometrics(email: string): Promise<boolean> {
  const { bridge, credential } = await readCredential();
  if (!bridge || (credential && sameEmail(credential.email, email))) return false;
  return bridge.biometricsAvailable();
}

export type EnableOutcome = "enabled" | "cancelled" | "failed";

/**
 * Turns biometric sign-in on: the user proves the biometrics work, then a second login with the
 * password just typed opens the device's own session, whose refresh token goes to the secure store.
 */
export async function enableBiometricSignIn(
  api: ApiClient,
  credentials: { email: string; password: string },
  prompt: BiometricPrompt,
): Promise<EnableOutcome> {
  const { bridge, credential: previous } = await readCredential();
  if (!bridge) return "failed";
  const outcome = await bridge.verifyBiometrics(prompt);
  if (outcome !== "verified") return outcome;
  try {
    const { refreshToken } = await login(api, credentials);
    if (!refreshToken) return "failed";
    await bridge.secureStore.set(CREDENTIAL_KEY, JSON.stringify({ email: credentials.email, refreshToken }));
  } catch (error) {
    console.warn("enabling biometric sign-in failed", error);
    return "failed";
  }
  // Another account's stored session is replaced: end it on the server too.
  if (previous) void endSession(api, previous.refreshToken).catch(() => undefined);
  return "enabled";
}

/**
 * The biometric button: unlock, refresh the stored session, load its user. Null when the user
 * cancelled the prompt (nothing to report); a BiometricSignInError otherwise. A stored session the
 * server refuses (revoked, expired) is forgotten, so the button goes away.
 */
export async function signInWithBiometrics(
  api: ApiClient,
  prompt: BiometricPrompt,
  incomplete: string,
): Promise<SignInPayload | null> {
  const { bridge, credential } = await readCredential();
  if (!bridge || !credential) throw new BiometricSignInError("no biometric session stored");
  const outcome = await bridge.verifyBiometrics(prompt);
  if (outcome === "cancelled") return null;
  if (outcome === "failed") throw new BiometricSignInError("biometric check failed");

  let token: string;
  let refreshToken: string | undefined;
  try {
    const answer = await refreshSession(api, credential.refreshToken);
    token = answer.accessToken ?? answer.token ?? "";
    refreshToken = answer.refreshToken;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      await bridge.secureStore.delete(CREDENTIAL_KEY);
    }
    throw new BiometricSignInError(`stored session refused: ${String(error)}`);
  }
  if (!token || !refreshToken) throw new BiometricSignInError(incomplete);
  // The stored token was just rotated: keep the successor, or the next unlock would replay a retired one.
  await bridge.secureStore.set(CREDENTIAL_KEY, JSON.stringify({ email: credential.email, refreshToken }));
  try {
    const { user } = await getCurrentUserWith(api, token);
    return toSession({ token, refreshToken, user }, incomplete);
  } catch (error) {
    throw new BiometricSignInError(`profile unavailable: ${String(error)}`);
  }
}

/**
 * Forgets biometric sign-in on this device and ends its session on the server. Logout calls it;
 * so must a password change (the settings screen, through its route). No-op on the web.
 */
export async function forgetBiometricSignIn(api: ApiClient): Promise<void> {
  const { bridge, credential } = await readCredential();
  if (!bridge || !credential) return;
  await bridge.secureStore.delete(CREDENTIAL_KEY);
  // The stored copy may be the session being logged out (already ended) or one of its own.
  if (credential.refreshToken !== storage.getString("refresh_token")) {
    await endSession(api, credential.refreshToken).catch(() => undefined);
  }
}

/**
 * After a biometric sign-in the stored copy is the running session's refresh token: keep it the
 * current one across the app's own refreshes. Call once in the native app; returns the unsubscribe.
 */
export function followSessionRotations(): () => void {
  return onRefreshTokenRotated((previous, next) => {
    void (async () => {
      const { bridge, credential } = await readCredential();
      if (!bridge || credential?.refreshToken !== previous) return;
      await bridge.secureStore.set(CREDENTIAL_KEY, JSON.stringify({ email: credential.email, refreshToken: next }));
    })().catch((error: unknown) => console.warn("biometric session not updated", error));
  });
}
