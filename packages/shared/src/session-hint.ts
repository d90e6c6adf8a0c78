/**
 * The signed-in hint (decision 038): a cookie saying only "this browser holds a session", written
 * and cleared by the web app. It is no credential (the session stays in the app's storage and the
 * API never reads it); the server uses it to pick which of two shared variants of a public page to
 * send, so a signed-in diner never sees a sign-in call to action while the app starts. Neither
 * variant holds anything personal, so both stay in the shared whole-page cache.
 */
export const SESSION_HINT_COOKIE = "tavolo_signed_in";

/** As long as a refresh token lives: past it, the session is gone anyway. */
export const SESSION_HINT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Whether a Cookie header carries the hint (`tavolo_signed_in=1`). */
export function hasSessionHint(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}
