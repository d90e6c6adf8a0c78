import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";

function parts(timeZone: string, at: Date, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat("en-GB", { timeZone, ...options }).formatToParts(at))
    out[part.type] = part.value;
  return out;
}

/** Calendar date (YYYY-MM-DD) on the wall clock of `timeZone`, not of the browser. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  const p = parts(timeZone, at, { year: "numeric", month: "2-digit", day: "2-digit" });
  return `${p.year}-${p.month}-${p.day}`;
}

/** HH:MM on the wall clock of `timeZone`. */
export function timeIn(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  const p = parts(timeZone, at, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.hour}:${p.minute}`;
}
