import { hasSessionHint, SESSION_HINT_COOKIE, SESSION_HINT_MAX_AGE_SECONDS } from "@tavolo/shared/session-hint";
import { readHydrationData } from "./hydration-data";

/**
 * The hint the first render starts from (decision 038): on a server-rendered page, the one the
 * server rendered with (so hydration matches); elsewhere, the cookie.
 */
export function initialSessionHint(): boolean {
  const rendered = readHydrationData();
  if (rendered) return rendered.signedIn === true;
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
