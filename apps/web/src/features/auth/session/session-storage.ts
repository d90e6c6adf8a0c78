import { storage, type StoredUser } from "../../../lib/storage";
import type { SignInPayload } from "./session-context";

/**
 * The user as the header shows it: the stored user, with the names of `currentUserDisplayInfo`
 * on top when they describe the same address (the profile screen updates those first).
 */
export function readStoredUser(): StoredUser | null {
  const user = storage.getJson("user");
  if (!user) return null;
  const info = storage.getJson("currentUserDisplayInfo");
  if (!info || (info.email && info.email.toLowerCase() !== user.email.toLowerCase())) return user;
  return {
    ...user,
    displayName: info.displayName ?? user.displayName,
    firstName: info.firstName ?? user.firstName,
    lastName: info.lastName ?? user.lastName,
  };
}

/** Signed in = a stored user and a stored access token; either missing means signed out. */
export function readStoredSession(): StoredUser | null {
  return storage.getString("auth_token") ? readStoredUser() : null;
}

export function storeUser(user: StoredUser): void {
  storage.setJson("user", user);
  storage.setJson("currentUserDisplayInfo", {
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    timestamp: Date.now(),
  });
}

export function storeSession({ user, token, refreshToken }: SignInPayload): void {
  storeUser(user);
  storage.setString("auth_token", token);
  if (refreshToken) storage.setString("refresh_token", refreshToken);
  else storage.remove("refresh_token"); // never pair a new access token with another session's refresh token
}

/**
 * The saved-token login of SPEC §4: all three keys present and autoLogin 'true'. They are cleared
 * before use, so a token that fails is never tried again on the next start.
 */
export function takeAutoLogin(): { email: string; token: string } | null {
  const email = storage.getString("autoLoginEmail");
  const token = storage.getString("autoLoginToken");
  if (storage.getString("autoLogin") !== "true" || !email || !token) return null;
  storage.remove("autoLogin");
  storage.remove("autoLoginEmail");
  storage.remove("autoLoginToken");
  return { email, token };
}
