import { createContext, useContext } from "react";
import type { StoredUser } from "../../../lib/storage";

export type SessionStatus = "loading" | "signedIn" | "signedOut";
export type SessionEnd = "logout" | "expired";

export interface SignInPayload {
  user: StoredUser;
  token: string;
  refreshToken?: string | null;
}

export interface Session {
  status: SessionStatus;
  /**
   * What public pages show: the signed-in variant once signed in, and also while the session is
   * still loading in a browser that says it holds one (the hint cookie, decision 038). Never
   * personal: the user is known only once `status` is "signedIn".
   */
  showSignedIn: boolean;
  user: StoredUser | null;
  /** How the last session ended: by logging out, or because it could not be refreshed. */
  ended: SessionEnd | null;
  signIn: (payload: SignInPayload) => void;
  /** Always ends signed out, even when the server call fails (SPEC §4). */
  signOut: () => Promise<void>;
  /**
   * Re-reads the signed-in user from GET getUserProfile/:id and stores it, at most once per
   * PROFILE_FETCH_THROTTLE_MS (SPEC §9; calls in between share the last answer). Resolves to the
   * failure, if any, so a screen can tell it (a 429 on settings); never rejects.
   */
  refreshUser: () => Promise<Error | null>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs a <SessionProvider>");
  return session;
}

/** Window event other screens fire after saving the profile, so the header re-reads it. */
export const PROFILE_UPDATED_EVENT = "profile-updated";

export function dispatchProfileUpdated(): void {
  window.dispatchEvent(new Event(PROFILE_UPDATED_EVENT));
}

/**
 * Window event fired by an explicit sign-in (a form, a link, Google), not by a session restored
 * at start: the shell then asks whether the account should take the app's language (decision 036).
 */
export const SIGNED_IN_EVENT = "signed-in";
