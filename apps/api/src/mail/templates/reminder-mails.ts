import type { Language } from "@tavolo/shared/languages";
import type { RenderedMail } from "./layout";
import { bookingLinkMail, type BookingLinkMailData } from "./booking-link-mail";

/**
 * The reminder before a booking (decision 046), with its two one-tap links: "Ci sarò" and "Non
 * riesco a venire". The second hands the table straight to the waitlist.
 */
export interface ReminderMailData extends BookingLinkMailData {
  address: string;
  attendLink: string;
  releaseLink: string;
}

export function reminderMail(language: Language, v: ReminderMailData): RenderedMail {
  return bookingLinkMail("reservation-reminder", language, v, (day) => ({
    it: {
      subject: "Promemoria",
      paragraphs: [
        `ti ricordiamo la prenotazione da ${v.restaurantName}, ${day} alle ${v.time}.`,
        `Se non riesci a venire, liberala qui sotto: il tavolo passa subito a chi è in lista d'attesa.`,
      ],
      placeDetails: [{ label: "Indirizzo", value: v.address }],
      action: { label: "Ci sarò", url: v.attendLink },
      notes: [
        `Non riesci a venire? Libera il tavolo: ${v.releaseLink}`,
        "I link valgono fino all'inizio della prenotazione.",
      ],
    },
    en: {
      subject: "Reminder",
      paragraphs: [
        `a reminder of your booking at ${v.restaurantName}, ${day} at ${v.time}.`,
        "If you can't come, release it below: the table goes straight to whoever is on the waitlist.",
      ],
      placeDetails: [{ label: "Address", value: v.address }],
      when: `${day}, ${v.time}`,
      action: { label: "I'll be there", url: v.attendLink },
      notes: [`Can't come? Release the table: ${v.releaseLink}`, "The links work until the booking starts."],
    },
  }));
}
