import { hasSessionHint, SESSION_HINT_COOKIE, SESSION_HINT_MAX_AGE_SECONDS } from "@tavolo/shared/session-hint";

/**
 * Whether this browser says it holds a session (decision 038). A server-rendered page starts from
 * the variant it was rendered in instead, which client-app.tsx hands to the session (decision 058).
 */
export function initialSessionHint(): boolean {
  return typeof document !== "undefined" && hasSessionHint(document.cookie);
}

/** Keeps the cookie in step with the session: set while signed in, gone once signed out. */
export function writeSessionHint(signedIn: boolean): void {
  if (typeof document === "undefined" || hasSessionHint(document.cookie) === signedIn) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = signedIn
    ? `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${SESSION_HINT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`
    : `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
