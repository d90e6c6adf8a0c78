import { minutesOfDay, timeOfDay } from "./dates";

/**
 * The waitlist's numbers and its default window (decision 029), without zod: the public pages that
 * show the "notify me" control import this file only (decision 012 keeps zod out of them).
 */

/** How many of a diner's entries may be waiting or holding at once. */
export const WAITLIST_MAX_ACTIVE_ENTRIES = 5;
/** The window offered by default around the wanted time, each way. */
export const WAITLIST_DEFAULT_WINDOW_MINUTES = 60;
/** The widest window accepted: a line for "any time today" would hold every table freed that day. */
export const WAITLIST_MAX_WINDOW_MINUTES = 6 * 60;

const LAST_QUARTER = 23 * 60 + 45;

/** The window `minutes` each way around `time` ("HH:MM"), kept inside the day. */
export function waitWindow(
  time: string,
  minutes: number = WAITLIST_DEFAULT_WINDOW_MINUTES,
): { timeFrom: string; timeTo: string } {
  const wanted = minutesOfDay(time);
  return {
    timeFrom: timeOfDay(Math.max(0, wanted - minutes)),
    timeTo: timeOfDay(Math.min(LAST_QUARTER, wanted + minutes)),
  };
}
