import { SPECIAL_REQUESTS_MAX_LENGTH } from "./constants";
import { addDays, instantOfWallClock, wallClockOf } from "./dates";

/**
 * Last Minute offers' limits and deadline rules, without zod: the web app counts offers down on
 * every card and must not download the request schemas of offers.ts for it (decision 011).
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

/**
 * How a deadline reads to a diner, in one unambiguous shape at every length (decision 022): whole
 * minutes under an hour ("26 min"), hours and minutes later the same day ("1 h 23 min"), and the
 * restaurant's clock time on a later day ("tomorrow at 12:00"). Never "26:32", which reads as a
 * time of day. Whole minutes and the restaurant's zone (not the browser's) keep a server render and
 * the browser's first render alike.
 */
export type DeadlineReading =
  | { kind: "expired" }
  | { kind: "underMinute" }
  | { kind: "minutes"; minutes: number }
  | { kind: "hours"; hours: number; minutes: number }
  | { kind: "tomorrow"; time: string }
  | { kind: "onDate"; date: string; time: string };

export function readDeadline(
  expiresAt: Date | string,
  timeZone: string,
  now: Date | number = Date.now(),
): DeadlineReading {
  const deadline = new Date(expiresAt);
  const at = new Date(now);
  const ms = deadline.getTime() - at.getTime();
  if (ms <= 0) return { kind: "expired" };
  if (ms < 60_000) return { kind: "underMinute" };
  const totalMinutes = Math.floor(ms / 60_000);
  if (totalMinutes < 60) return { kind: "minutes", minutes: totalMinutes };
  const due = wallClockOf(deadline, timeZone);
  const today = wallClockOf(at, timeZone).date;
  if (due.date === today) return { kind: "hours", hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
  if (due.date === addDays(today, 1)) return { kind: "tomorrow", time: due.time };
  return { kind: "onDate", date: due.date, time: due.time };
}
