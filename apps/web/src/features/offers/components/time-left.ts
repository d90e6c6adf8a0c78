import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { timeIn, todayIn } from "../../../lib/dates";

/** Under this many minutes before bookUntil an offer is "expiring soon". */
export const EXPIRING_SOON_MINUTES = 30;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Minutes left until bookUntil (HH:MM, restaurant wall clock) on the offer's date; negative once
 * expired. Offers are same-day, so a date other than today is either all future or all past.
 */
export function minutesLeft(bookUntil: string, date: string | undefined, now: Date = new Date()): number {
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  if (date && date > today) return Number.POSITIVE_INFINITY;
  if (date && date < today) return -1;
  return minutesOf(bookUntil) - minutesOf(timeIn(DEFAULT_TIME_ZONE, now));
}
