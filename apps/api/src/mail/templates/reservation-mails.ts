import { noonUtcOf } from "@tavolo/shared/dates";
import type { Language } from "@tavolo/shared/languages";
import { calendarAttachment } from "../calendar-event";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";

/**
 * The booking mails of issue 5 (booked, moved, cancelled), in Italian and English, each with the
 * seating as an .ics event: one UID per booking, a higher SEQUENCE for each later version, so a
 * calendar app updates its event instead of adding one (decision 025).
 */

export interface ReservationMailData {
  reservationId: string;
  name: string;
  restaurantName: string;
  address: string;
  city: string;
  lat: number;
  lng: number;
  /** "YYYY-MM-DD" and "HH:MM" on the restaurant's wall clock. */
  date: string;
  time: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  people: number;
  /** null for a Last Minute offer booking: seats of the offer, no table. */
  tableNumber: number | null;
  status: "confirmed" | "pending";
  specialRequests: string;
  /** Absolute links built from APP_ORIGIN. */
  historyLink: string;
  searchLink: string;
  sentAt: Date;
  /** The event's SEQUENCE: 0 when booked, one more per move and for the cancellation. */
  calendarSequence: number;
}

// Built once: a formatter costs far more to create than to use.
const LONG_DATE_OPTIONS = { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
const LONG_DATE: Record<Language, Intl.DateTimeFormat> = {
  it: new Intl.DateTimeFormat("it-IT", LONG_DATE_OPTIONS),
  en: new Intl.DateTimeFormat("en-GB", LONG_DATE_OPTIONS),
};

/** "sabato 10 ottobre 2026": the date as the diner booked it, whatever the server's zone. */
function longDate(language: Language, date: string): string {
  return LONG_DATE[language].format(noonUtcOf(date));
}

function details(language: Language, v: ReservationMailData): MailContent["details"] {
  const it = language === "it";
  return [
    { label: it ? "Ristorante" : "Restaurant", value: v.restaurantName },
    { label: it ? "Indirizzo" : "Address", value: `${v.address}, ${v.city}` },
    { label: it ? "Quando" : "When", value: `${longDate(language, v.date)}, ${it ? "ore" : "at"} ${v.time}` },
    { label: it ? "Persone" : "People", value: String(v.people) },
    v.tableNumber === null
      ? { label: it ? "Offerta" : "Offer", value: "Last Minute" }
      : { label: it ? "Tavolo" : "Table", value: `${it ? "n." : "no."} ${v.tableNumber}` },
    ...(v.specialRequests ? [{ label: it ? "Richieste speciali" : "Special requests", value: v.specialRequests }] : []),
  ];
}

function calendarFile(language: Language, v: ReservationMailData, cancelled: boolean) {
  const it = language === "it";
  const description = [
    v.tableNumber === null
      ? it
        ? `Last Minute per ${v.people}.`
        : `Last Minute for ${v.people}.`
      : it
        ? `Tavolo n. ${v.tableNumber} per ${v.people}.`
        : `Table no. ${v.tableNumber} for ${v.people}.`,
    ...(v.specialRequests ? [`${it ? "Richieste speciali" : "Special requests"}: ${v.specialRequests}`] : []),
    `${it ? "Le tue prenotazioni" : "Your reservations"}: ${v.historyLink}`,
  ].join("\n");
  return calendarAttachment(it ? "prenotazione-tavolo.ics" : "tavolo-reservation.ics", {
    uid: v.reservationId,
    sequence: v.calendarSequence,
    status: cancelled ? "CANCELLED" : v.status === "confirmed" ? "CONFIRMED" : "TENTATIVE",
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    timeZone: v.timeZone,
    summary: it ? `Tavolo da ${v.restaurantName}` : `Table at ${v.restaurantName}`,
    location: `${v.restaurantName}, ${v.address}, ${v.city}`,
    description,
    url: v.historyLink,
    geo: { lat: v.lat, lng: v.lng },
    stamp: v.sentAt,
  });
}

export function reservationBookedMail(language: Language, v: ReservationMailData): RenderedMail {
  const when = `${longDate(language, v.date)} ${language === "it" ? "alle" : "at"} ${v.time}`;
  const pending = v.status === "pending";
  const content: Record<Language, MailContent> = {
    it: {
      subject: `${pending ? "Richiesta di prenotazione" : "Prenotazione confermata"}: ${v.restaurantName}, ${when}`,
      greeting: hello("it", v.name),
      paragraphs: [
        pending
          ? "abbiamo inviato la tua richiesta al ristorante, che deve ancora confermarla: la trovi tra le tue prenotazioni come «In attesa»."
          : "la tua prenotazione è confermata. Ti aspettano!",
      ],
      details: details("it", v),
      action: { label: "Le mie prenotazioni", url: v.historyLink },
      notes: [
        "In allegato trovi l'evento da aggiungere al tuo calendario.",
        "Se non puoi più venire, annulla dalla pagina Le mie prenotazioni: il tavolo tornerà libero per altri.",
      ],
    },
    en: {
      subject: `${pending ? "Reservation request" : "Reservation confirmed"}: ${v.restaurantName}, ${when}`,
      greeting: hello("en", v.name),
      paragraphs: [
        pending
          ? "we have sent your request to the restaurant, which still has to confirm it: you will find it in your reservations as “Pending”."
          : "your reservation is confirmed. They are expecting you!",
      ],
      details: details("en", v),
      action: { label: "My reservations", url: v.historyLink },
      notes: [
        "The attached event adds the reservation to your calendar.",
        "If you can no longer come, cancel it from My reservations: the table becomes free for others.",
      ],
    },
  };
  return {
    ...layout("reservation-booked", language, content[language]),
    attachments: [calendarFile(language, v, false)],
  };
}

/** The booking moved to another seating, party or table: the same event, updated. */
export function reservationMovedMail(language: Language, v: ReservationMailData): RenderedMail {
  const when = `${longDate(language, v.date)} ${language === "it" ? "alle" : "at"} ${v.time}`;
  const pending = v.status === "pending";
  const content: Record<Language, MailContent> = {
    it: {
      subject: `${pending ? "Richiesta di modifica" : "Prenotazione modificata"}: ${v.restaurantName}, ${when}`,
      greeting: hello("it", v.name),
      paragraphs: [
        pending
          ? "abbiamo spostato la tua prenotazione come richiesto; il ristorante deve ancora confermare il nuovo orario: la trovi tra le tue prenotazioni come «In attesa»."
          : "abbiamo spostato la tua prenotazione come richiesto. Ecco i nuovi dettagli:",
      ],
      details: details("it", v),
      action: { label: "Le mie prenotazioni", url: v.historyLink },
      notes: [
        "L'evento allegato sostituisce quello che hai già nel calendario.",
        "Se non puoi più venire, annulla dalla pagina Le mie prenotazioni: il tavolo tornerà libero per altri.",
      ],
    },
    en: {
      subject: `${pending ? "Change requested" : "Reservation changed"}: ${v.restaurantName}, ${when}`,
      greeting: hello("en", v.name),
      paragraphs: [
        pending
          ? "we have moved your reservation as you asked; the restaurant still has to confirm the new time: you will find it in your reservations as “Pending”."
          : "we have moved your reservation as you asked. Here are the new details:",
      ],
      details: details("en", v),
      action: { label: "My reservations", url: v.historyLink },
      notes: [
        "The attached event replaces the one already in your calendar.",
        "If you can no longer come, cancel it from My reservations: the table becomes free for others.",
      ],
    },
  };
  return {
    ...layout("reservation-moved", language, content[language]),
    attachments: [calendarFile(language, v, false)],
  };
}

export function reservationCancelledMail(language: Language, v: ReservationMailData): RenderedMail {
  const when = `${longDate(language, v.date)} ${language === "it" ? "alle" : "at"} ${v.time}`;
  const content: Record<Language, MailContent> = {
    it: {
      subject: `Prenotazione annullata: ${v.restaurantName}, ${when}`,
      greeting: hello("it", v.name),
      paragraphs: [
        v.tableNumber === null
          ? "come richiesto, abbiamo annullato la tua prenotazione Last Minute e rimesso i posti a disposizione."
          : "come richiesto, abbiamo annullato la tua prenotazione e liberato il tavolo.",
      ],
      details: details("it", v),
      action: { label: "Trova un altro tavolo", url: v.searchLink },
      notes: ["L'evento allegato aggiorna il tuo calendario."],
    },
    en: {
      subject: `Reservation cancelled: ${v.restaurantName}, ${when}`,
      greeting: hello("en", v.name),
      paragraphs: [
        v.tableNumber === null
          ? "as you asked, we have cancelled your Last Minute booking and released the seats."
          : "as you asked, we have cancelled your reservation and freed the table.",
      ],
      details: details("en", v),
      action: { label: "Find another table", url: v.searchLink },
      notes: ["The attached event updates your calendar."],
    },
  };
  return {
    ...layout("reservation-cancelled", language, content[language]),
    attachments: [calendarFile(language, v, true)],
  };
}
