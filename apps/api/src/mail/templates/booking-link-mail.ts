import type { Language } from "@tavolo/shared/languages";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";
import { wallDay } from "../../i18n/wall-dates";

/** The booking a one-tap link mail is about (the reminder of decision 046, the hold of decision 029). */
export interface BookingLinkMailData {
  name: string;
  restaurantName: string;
  /** "YYYY-MM-DD" and "HH:MM" on the restaurant's wall clock. */
  date: string;
  time: string;
  people: number;
  /** null for seats of a Last Minute offer. */
  tableNumber: number | null;
}

type Detail = { label: string; value: string };

/** What one such mail says in one language; the subject, greeting and booking rows are shared. */
export interface BookingLinkWords {
  /** Before ": <restaurant>, <day> at <time>" in the subject. */
  subject: string;
  paragraphs: string[];
  /** Rows after the restaurant's name (its address) and after the party and table (a deadline). */
  placeDetails?: Detail[];
  lastDetails?: Detail[];
  /** The "When" row's value when the template words it otherwise than "<day>, at <time>". */
  when?: string;
  action: { label: string; url: string };
  notes: string[];
}

const WORDS = {
  it: {
    at: "alle",
    restaurant: "Ristorante",
    when: "Quando",
    time: "ore",
    people: "Persone",
    table: "Tavolo",
    no: "n.",
  },
  en: { at: "at", restaurant: "Restaurant", when: "When", time: "at", people: "People", table: "Table", no: "no." },
} as const satisfies Record<Language, Record<string, string>>;

/**
 * One shape for the mails whose action is a single-use link about one booking: the subject names
 * the restaurant and the moment, then the booking's rows; each template states only its own words,
 * given the booking's day as the diner reads it.
 */
export function bookingLinkMail(
  template: string,
  language: Language,
  v: BookingLinkMailData,
  words: (day: string) => Record<Language, BookingLinkWords>,
): RenderedMail {
  const day = wallDay(language, v.date);
  const own = words(day)[language];
  const w = WORDS[language];
  const content: MailContent = {
    subject: `${own.subject}: ${v.restaurantName}, ${day} ${w.at} ${v.time}`,
    greeting: hello(language, v.name),
    paragraphs: own.paragraphs,
    details: [
      { label: w.restaurant, value: v.restaurantName },
      ...(own.placeDetails ?? []),
      { label: w.when, value: own.when ?? `${day}, ${w.time} ${v.time}` },
      { label: w.people, value: String(v.people) },
      ...(v.tableNumber === null ? [] : [{ label: w.table, value: `${w.no} ${v.tableNumber}` }]),
      ...(own.lastDetails ?? []),
    ],
    action: own.action,
    notes: own.notes,
  };
  return layout(template, language, content);
}
