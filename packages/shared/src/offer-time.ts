import { SPECIAL_REQUESTS_MAX_LENGTH } from "./constants";
import { instantOfWallClock, wallClockOf } from "./dates";

/**
 * Last Minute offers' limits and deadline rules, without zod: the web app counts offers down on
 * every card and must not download the request schemas of offers.ts for it (issue 8).
 */

/** Under this many minutes before bookUntil an offer is "expiring soon". */
export const EXPIRING_SOON_MINUTES = 30;
/** Offers one list answer carries at most: the nearest (GPS) or the most urgent (city). */
export const OFFER_LIST_LIMIT = 50;
export const OFFER_NOTES_MAX_LENGTH = SPECIAL_REQUESTS_MAX_LENGTH;

/**
 * The instant an offer stops being bookable: the first moment the restaurant's wall clock shows
 * `bookUntil` on `date`. On the day clocks go back a repeated time is its first occurrence; on the
 * day they go forward a skipped time (02:30 in Rome) is reached at the jump itself.
 */
export function offerDeadline(date: string, bookUntil: string, timeZone: string): Date {
  const exact = instantOfWallClock(date, bookUntil, timeZone);
  if (exact) return exact;
  const later = instantOfWallClock(date, bookUntil, timeZone, { inGap: "later" });
  if (!later) throw new RangeError(`no instant for ${date} ${bookUntil} in ${timeZone}`);
  // Walk back to the jump: the earliest minute whose wall reading is already past bookUntil.
  let at = later.getTime();
  const target = `${date} ${bookUntil}`;
  for (let step = 0; step < 180; step++) {
    const previous = wallClockOf(new Date(at - 60_000), timeZone);
    if (`${previous.date} ${previous.time}` < target) break;
    at -= 60_000;
  }
  return new Date(at);
}

export interface TimeLeft {
  /** Milliseconds until the deadline, never negative. */
  ms: number;
  expired: boolean;
  expiring: boolean;
}

/** How long an offer stays bookable, by whichever clock the caller trusts. */
export function offerTimeLeft(expiresAt: Date | string, now: Date | number = Date.now()): TimeLeft {
  const ms = new Date(expiresAt).getTime() - new Date(now).getTime();
  const expired = ms <= 0;
  return { ms: Math.max(0, ms), expired, expiring: !expired && ms < EXPIRING_SOON_MINUTES * 60_000 };
}
