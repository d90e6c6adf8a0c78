import { noonUtcOf } from "@tavolo/shared/dates";
import type { Language } from "@tavolo/shared/languages";

// Built once: a formatter costs far more to create than to use.
const formatters = (options: Intl.DateTimeFormatOptions): Record<Language, Intl.DateTimeFormat> => ({
  it: new Intl.DateTimeFormat("it-IT", { ...options, timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }),
});
const DAY = formatters({ weekday: "long", day: "numeric", month: "long" });
const LONG_DATE = formatters({ weekday: "long", day: "numeric", month: "long", year: "numeric" });

/**
 * "venerdì 27 novembre": a "YYYY-MM-DD" on the restaurant's wall clock as the diner reads it in a
 * mail, whatever the server's zone (read at noon UTC, so no zone moves it to another day).
 */
export const mailDay = (language: Language, date: string): string => DAY[language].format(noonUtcOf(date));

/** "sabato 10 ottobre 2026": the same with the year, for the booking mails a diner keeps. */
export const mailLongDate = (language: Language, date: string): string => LONG_DATE[language].format(noonUtcOf(date));
