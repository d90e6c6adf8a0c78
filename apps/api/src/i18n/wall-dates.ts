import { noonUtcOf } from "@tavolo/shared/dates";
import type { Language } from "@tavolo/shared/languages";

// Built once: a formatter costs far more to create than to use.
const formatters = (options: Intl.DateTimeFormatOptions): Record<Language, Intl.DateTimeFormat> => ({
  it: new Intl.DateTimeFormat("it-IT", { ...options, timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }),
});
const DAY = formatters({ weekday: "long", day: "numeric", month: "long" });
const SHORT_DAY = formatters({ weekday: "short", day: "numeric", month: "short" });
const DATE_WITH_YEAR = formatters({ weekday: "long", day: "numeric", month: "long", year: "numeric" });

/*
 * A "YYYY-MM-DD" on the restaurant's wall clock, as the diner reads it in a mail, a push or an
 * answer, whatever the server's zone: read at noon UTC, so no zone moves it to another day.
 */

/** "venerdì 27 novembre". */
export const wallDay = (language: Language, date: string): string => DAY[language].format(noonUtcOf(date));

/** "ven 27 nov": for a lock screen's two lines. */
export const wallDayShort = (language: Language, date: string): string => SHORT_DAY[language].format(noonUtcOf(date));

/** "sabato 10 ottobre 2026": with the year, for the booking mails a diner keeps. */
export const wallDateWithYear = (language: Language, date: string): string =>
  DATE_WITH_YEAR[language].format(noonUtcOf(date));
