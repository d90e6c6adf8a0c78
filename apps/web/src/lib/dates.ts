import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { wallClockOf } from "@tavolo/shared/dates";

/** Calendar date (YYYY-MM-DD) on the wall clock of `timeZone`, not of the browser. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  return wallClockOf(at, timeZone).date;
}

/** HH:MM on the wall clock of `timeZone`. */
export function timeIn(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  return wallClockOf(at, timeZone).time;
}
