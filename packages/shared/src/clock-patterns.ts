/*
 * How a date and a time of day are written, apart from dates.ts: the browser's start chunk reads a
 * booking link with them (decision 080), and a module sits whole in one chunk, so importing them
 * from dates.ts would bring its time-zone code into every page's first download.
 */

/** "HH:MM" on a 24-hour clock, 00:00–23:59: every time of day a request, a link or a file carries. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** "YYYY-MM-DD" as written; whether the day exists is checked where it matters. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
