import { noonUtcOf } from "@tavolo/shared/dates";
import type { Language } from "@tavolo/shared/languages";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";

/**
 * The reminder before a booking (decision 046), with its two one-tap links: "Ci sarò" and "Non
 * riesco a venire". The second hands the table straight to the waitlist.
 */
export interface ReminderMailData {
  name: string;
  restaurantName: string;
  address: string;
  /** "YYYY-MM-DD" and "HH:MM" on the restaurant's wall clock. */
  date: string;
  time: string;
  people: number;
  /** null for seats of a Last Minute offer. */
  tableNumber: number | null;
  attendLink: string;
  releaseLink: string;
}

const DAY_OPTIONS = { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" } as const;
const DAY: Record<Language, Intl.DateTimeFormat> = {
  it: new Intl.DateTimeFormat("it-IT", DAY_OPTIONS),
  en: new Intl.DateTimeFormat("en-GB", DAY_OPTIONS),
};

export function reminderMail(language: Language, v: ReminderMailData): RenderedMail {
  const day = DAY[language].format(noonUtcOf(v.date));
  const content: MailContent =
    language === "it"
      ? {
          subject: `Promemoria: ${v.restaurantName}, ${day} alle ${v.time}`,
          greeting: hello("it", v.name),
          paragraphs: [
            `ti ricordiamo la prenotazione da ${v.restaurantName}, ${day} alle ${v.time}.`,
            `Se non riesci a venire, liberala qui sotto: il tavolo passa subito a chi è in lista d'attesa.`,
          ],
          details: [
            { label: "Ristorante", value: v.restaurantName },
            { label: "Indirizzo", value: v.address },
            { label: "Quando", value: `${day}, ore ${v.time}` },
            { label: "Persone", value: String(v.people) },
            ...(v.tableNumber === null ? [] : [{ label: "Tavolo", value: `n. ${v.tableNumber}` }]),
          ],
          action: { label: "Ci sarò", url: v.attendLink },
          notes: [
            `Non riesci a venire? Libera il tavolo: ${v.releaseLink}`,
            "I link valgono fino all'inizio della prenotazione.",
          ],
        }
      : {
          subject: `Reminder: ${v.restaurantName}, ${day} at ${v.time}`,
          greeting: hello("en", v.name),
          paragraphs: [
            `a reminder of your booking at ${v.restaurantName}, ${day} at ${v.time}.`,
            "If you can't come, release it below: the table goes straight to whoever is on the waitlist.",
          ],
          details: [
            { label: "Restaurant", value: v.restaurantName },
            { label: "Address", value: v.address },
            { label: "When", value: `${day}, ${v.time}` },
            { label: "People", value: String(v.people) },
            ...(v.tableNumber === null ? [] : [{ label: "Table", value: `no. ${v.tableNumber}` }]),
          ],
          action: { label: "I'll be there", url: v.attendLink },
          notes: [`Can't come? Release the table: ${v.releaseLink}`, "The links work until the booking starts."],
        };
  return layout("reservation-reminder", language, content);
}
