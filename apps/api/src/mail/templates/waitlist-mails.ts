import { noonUtcOf } from "@tavolo/shared/dates";
import type { Language } from "@tavolo/shared/languages";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";

/**
 * The hold mail of decision 029: a freed table (or offer seats) is held for the diner,
 * first in line, until `expiresAt`; one tap on the signed link confirms it. The confirmation that
 * follows is the ordinary booking mail with its .ics.
 */
export interface HoldOfferedMailData {
  name: string;
  restaurantName: string;
  /** "YYYY-MM-DD" and "HH:MM" on the restaurant's wall clock. */
  date: string;
  time: string;
  people: number;
  /** null for seats of a Last Minute offer. */
  tableNumber: number | null;
  /** "HH:MM" on the restaurant's wall clock, and how many minutes that is from now. */
  expiresAt: string;
  minutes: number;
  /** The one-tap, single-use confirm link (expires with the hold). */
  confirmLink: string;
  historyLink: string;
}

const DAY_OPTIONS = { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" } as const;
const DAY: Record<Language, Intl.DateTimeFormat> = {
  it: new Intl.DateTimeFormat("it-IT", DAY_OPTIONS),
  en: new Intl.DateTimeFormat("en-GB", DAY_OPTIONS),
};

export function holdOfferedMail(language: Language, v: HoldOfferedMailData): RenderedMail {
  const day = DAY[language].format(noonUtcOf(v.date));
  const it = language === "it";
  const what =
    v.tableNumber === null
      ? it
        ? `${v.people} posti Last Minute`
        : `${v.people} Last Minute seats`
      : it
        ? `un tavolo per ${v.people}`
        : `a table for ${v.people}`;
  const content: MailContent = it
    ? {
        subject: `Si è liberato un tavolo: ${v.restaurantName}, ${day} alle ${v.time}`,
        greeting: hello("it", v.name),
        paragraphs: [
          `eri il primo in lista d'attesa: da ${v.restaurantName} si è liberato ${what} e lo teniamo per te fino alle ${v.expiresAt} (${v.minutes} minuti).`,
          "Nessun altro può prenotarlo finché non rispondi. Se non confermi in tempo passa al prossimo in lista.",
        ],
        details: [
          { label: "Ristorante", value: v.restaurantName },
          { label: "Quando", value: `${day}, ore ${v.time}` },
          { label: "Persone", value: String(v.people) },
          ...(v.tableNumber === null ? [] : [{ label: "Tavolo", value: `n. ${v.tableNumber}` }]),
          { label: "Tenuto fino alle", value: v.expiresAt },
        ],
        action: { label: "Conferma il tavolo", url: v.confirmLink },
        notes: [
          "Il link vale una sola volta e scade con il tavolo tenuto.",
          `Per rinunciare apri Le mie prenotazioni: ${v.historyLink}`,
        ],
      }
    : {
        subject: `A table freed up: ${v.restaurantName}, ${day} at ${v.time}`,
        greeting: hello("en", v.name),
        paragraphs: [
          `you were first on the waitlist: ${what} freed up at ${v.restaurantName} and we are holding it for you until ${v.expiresAt} (${v.minutes} minutes).`,
          "Nobody else can book it until you answer. If you do not confirm in time it goes to the next in line.",
        ],
        details: [
          { label: "Restaurant", value: v.restaurantName },
          { label: "When", value: `${day}, at ${v.time}` },
          { label: "People", value: String(v.people) },
          ...(v.tableNumber === null ? [] : [{ label: "Table", value: `no. ${v.tableNumber}` }]),
          { label: "Held until", value: v.expiresAt },
        ],
        action: { label: "Confirm the table", url: v.confirmLink },
        notes: ["The link works once and expires with the hold.", `To decline, open My reservations: ${v.historyLink}`],
      };
  return layout("waitlist-hold", language, content);
}
