/*
 * How a date and a time of day are written and read, apart from dates.ts: the browser's start chunk
 * reads a booking link with them (decision 080), and a module sits whole in one chunk, so importing
 * them from dates.ts would bring its time-zone code into every page's first download.
 */

/** "HH:MM" on a 24-hour clock, 00:00–23:59: every time of day a request, a link or a file carries. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** "YYYY-MM-DD" as written; whether the day exists is checked where it matters. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "HH:MM" as minutes after midnight (dates.ts has the way back). */
export function minutesOfDay(time: string): number {
  // "HH:MM" read digit by digit: a search for a table asks this for every free time of its page.
  if (time.length === 5 && time.charCodeAt(2) === 58) {
    return (digitAt(time, 0) * 10 + digitAt(time, 1)) * 60 + digitAt(time, 3) * 10 + digitAt(time, 4);
  }
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}
/** The digit at `index`, or NaN (as Number() reads a non-number) for any other character. */
function digitAt(text: string, index: number): number {
  const digit = text.charCodeAt(index) - 48;
  return digit >= 0 && digit <= 9 ? digit : Number.NaN;
}
