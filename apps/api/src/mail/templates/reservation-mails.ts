import type { Language } from "@tavolo/shared/languages";
import { addressWithCity } from "@tavolo/shared/place-names";
import { calendarAttachment } from "../calendar-event";
import { wallDateWithYear } from "../../i18n/wall-dates";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";

/**
 * The booking mails of decision 007 (booked, moved, cancelled), in Italian and English, each with the
 * seating as an .ics event: one UID per booking, a higher SEQUENCE for each later version, so a
 * calendar app updates its event instead of adding one (decision 025).
 */

export interface ReservationMailData {
  reservationId: string;
  name: string;
  restaurantName: string;
  address: string;
  city: string;
  /** The city's Italian name, the one a postal address is written with. */
  cityLocalName: string;
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
  /** The calendar event's ORGANIZER (MAIL_FROM) and ATTENDEE (the diner; decision 044). */
  organizer: { email: string; name: string };
  dinerEmail: string;
}

function details(language: Language, v: ReservationMailData): MailContent["details"] {
  const it = language === "it";
  return [
    { label: it ? "Ristorante" : "Restaurant", value: v.restaurantName },
    { label: it ? "Indirizzo" : "Address", value: addressWithCity(v.address, v.city, v.cityLocalName) },
    { label: it ? "Quando" : "When", value: `${wallDateWithYear(language, v.date)}, ${it ? "ore" : "at"} ${v.time}` },
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
    location: `${v.restaurantName}, ${addressWithCity(v.address, v.city, v.cityLocalName)}`,
    description,
    url: v.historyLink,
    geo: { lat: v.lat, lng: v.lng },
    stamp: v.sentAt,
    method: cancelled ? "CANCEL" : "REQUEST",
    organizer: v.organizer,
    attendee: { email: v.dinerEmail, name: v.name },
  });
}

/** What a booked and a moved booking's mails say, confirmed or pending the restaurant's answer. */
const CONFIRMATION_TEXTS = {
  booked: {
    it: {
      subject: { confirmed: "Prenotazione confermata", pending: "Richiesta di prenotazione" },
      paragraph: {
        confirmed: "la tua prenotazione è confermata. Ti aspettano!",
        pending:
          "abbiamo inviato la tua richiesta al ristorante, che deve ancora confermarla: la trovi tra le tue prenotazioni come «In attesa».",
      },
      calendarNote: "In allegato trovi l'evento da aggiungere al tuo calendario.",
    },
    en: {
      subject: { confirmed: "Reservation confirmed", pending: "Reservation request" },
      paragraph: {
        confirmed: "your reservation is confirmed. They are expecting you!",
        pending:
          "we have sent your request to the restaurant, which still has to confirm it: you will find it in your reservations as “Pending”.",
      },
      calendarNote: "The attached event adds the reservation to your calendar.",
    },
  },
  moved: {
    it: {
      subject: { confirmed: "Prenotazione modificata", pending: "Richiesta di modifica" },
      paragraph: {
        confirmed: "abbiamo spostato la tua prenotazione come richiesto. Ecco i nuovi dettagli:",
        pending:
          "abbiamo spostato la tua prenotazione come richiesto; il ristorante deve ancora confermare il nuovo orario: la trovi tra le tue prenotazioni come «In attesa».",
      },
      calendarNote: "L'evento allegato sostituisce quello che hai già nel calendario.",
    },
    en: {
      subject: { confirmed: "Reservation changed", pending: "Change requested" },
      paragraph: {
        confirmed: "we have moved your reservation as you asked. Here are the new details:",
        pending:
          "we have moved your reservation as you asked; the restaurant still has to confirm the new time: you will find it in your reservations as “Pending”.",
      },
      calendarNote: "The attached event replaces the one already in your calendar.",
    },
  },
} as const;

const CANCEL_NOTE: Record<Language, string> = {
  it: "Se non puoi più venire, annulla dalla pagina Le mie prenotazioni: il tavolo tornerà libero per altri.",
  en: "If you can no longer come, cancel it from My reservations: the table becomes free for others.",
};

function confirmationMail(kind: "booked" | "moved", language: Language, v: ReservationMailData): RenderedMail {
  const texts = CONFIRMATION_TEXTS[kind][language];
  const when = `${wallDateWithYear(language, v.date)} ${language === "it" ? "alle" : "at"} ${v.time}`;
  const content: MailContent = {
    subject: `${texts.subject[v.status]}: ${v.restaurantName}, ${when}`,
    greeting: hello(language, v.name),
    paragraphs: [texts.paragraph[v.status]],
    details: details(language, v),
    action: { label: language === "it" ? "Le mie prenotazioni" : "My reservations", url: v.historyLink },
    notes: [texts.calendarNote, CANCEL_NOTE[language]],
  };
  return {
    ...layout(`reservation-${kind}`, language, content),
    attachments: [calendarFile(language, v, false)],
  };
}

export const reservationBookedMail = (language: Language, v: ReservationMailData) =>
  confirmationMail("booked", language, v);

/** The booking moved to another seating, party or table: the same event, updated. */
export const reservationMovedMail = (language: Language, v: ReservationMailData) =>
  confirmationMail("moved", language, v);

export function reservationCancelledMail(language: Language, v: ReservationMailData): RenderedMail {
  const when = `${wallDateWithYear(language, v.date)} ${language === "it" ? "alle" : "at"} ${v.time}`;
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
