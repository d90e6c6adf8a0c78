import type { Language } from "@tavolo/shared/languages";
import type { RenderedMail } from "./layout";
import { bookingLinkMail, type BookingLinkMailData } from "./booking-link-mail";

/**
 * The hold mail of decision 029: a freed table (or offer seats) is held for the diner,
 * first in line, until `expiresAt`; one tap on the signed link confirms it. The confirmation that
 * follows is the ordinary booking mail with its .ics.
 */
export interface HoldOfferedMailData extends BookingLinkMailData {
  /** "HH:MM" on the restaurant's wall clock, and how many minutes that is from now. */
  expiresAt: string;
  minutes: number;
  /** The one-tap, single-use confirm link (expires with the hold). */
  confirmLink: string;
  historyLink: string;
}

export function holdOfferedMail(language: Language, v: HoldOfferedMailData): RenderedMail {
  const lastMinute = v.tableNumber === null;
  return bookingLinkMail("waitlist-hold", language, v, () => ({
    it: {
      subject: "Si è liberato un tavolo",
      paragraphs: [
        `eri il primo in lista d'attesa: da ${v.restaurantName} si è liberato ${lastMinute ? `${v.people} posti Last Minute` : `un tavolo per ${v.people}`} e lo teniamo per te fino alle ${v.expiresAt} (${v.minutes} minuti).`,
        "Nessun altro può prenotarlo finché non rispondi. Se non confermi in tempo passa al prossimo in lista.",
      ],
      lastDetails: [{ label: "Tenuto fino alle", value: v.expiresAt }],
      action: { label: "Conferma il tavolo", url: v.confirmLink },
      notes: [
        "Il link vale una sola volta e scade con il tavolo tenuto.",
        `Per rinunciare apri Le mie prenotazioni: ${v.historyLink}`,
      ],
    },
    en: {
      subject: "A table freed up",
      paragraphs: [
        `you were first on the waitlist: ${lastMinute ? `${v.people} Last Minute seats` : `a table for ${v.people}`} freed up at ${v.restaurantName} and we are holding it for you until ${v.expiresAt} (${v.minutes} minutes).`,
        "Nobody else can book it until you answer. If you do not confirm in time it goes to the next in line.",
      ],
      lastDetails: [{ label: "Held until", value: v.expiresAt }],
      action: { label: "Confirm the table", url: v.confirmLink },
      notes: ["The link works once and expires with the hold.", `To decline, open My reservations: ${v.historyLink}`],
    },
  }));
}
