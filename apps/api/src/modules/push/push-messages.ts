import type { Language } from "@tavolo/shared/languages";
import type { PushPayload } from "@tavolo/shared/push";
import { wallDayShort } from "../../i18n/wall-dates";

/**
 * What each kind of push says (decision 045), in the diner's language: short, since a lock screen
 * shows two lines. URLs are same-origin paths; the service worker opens them on a tap.
 */

export interface SeatingText {
  restaurantName: string;
  /** "YYYY-MM-DD" and "HH:MM" on the restaurant's wall clock. */
  date: string;
  time: string;
  people: number;
}

export function holdOfferedPush(
  language: Language,
  v: SeatingText & { holdId: string; expiresAt: string; confirmUrl: string; historyUrl: string },
): PushPayload {
  const it = language === "it";
  return {
    kind: "hold",
    lang: language,
    tag: `hold-${v.holdId}`,
    title: it ? `Si è liberato un tavolo da ${v.restaurantName}` : `A table is free at ${v.restaurantName}`,
    body: it
      ? `${wallDayShort(language, v.date)} alle ${v.time}, ${v.people} persone. È tuo se confermi entro le ${v.expiresAt}.`
      : `${wallDayShort(language, v.date)} at ${v.time}, ${v.people} people. It's yours if you confirm by ${v.expiresAt}.`,
    url: v.confirmUrl,
    actions: [
      { action: "confirm", title: it ? "Conferma" : "Confirm", url: v.confirmUrl },
      { action: "decline", title: it ? "Rinuncia" : "Decline", url: v.historyUrl },
    ],
  };
}

export function reminderPush(
  language: Language,
  v: SeatingText & { reservationId: string; attendUrl: string; releaseUrl: string },
): PushPayload {
  const it = language === "it";
  return {
    kind: "reminder",
    lang: language,
    tag: `reservation-${v.reservationId}`,
    title: it ? `Promemoria: ${v.restaurantName}` : `Reminder: ${v.restaurantName}`,
    body: it
      ? `${wallDayShort(language, v.date)} alle ${v.time}, ${v.people} persone. Se non puoi venire, libera il tavolo per chi aspetta.`
      : `${wallDayShort(language, v.date)} at ${v.time}, ${v.people} people. If you can't come, free the table for someone waiting.`,
    url: v.attendUrl,
    actions: [
      { action: "attend", title: it ? "Ci sarò" : "I'll be there", url: v.attendUrl },
      { action: "release", title: it ? "Non riesco a venire" : "I can't come", url: v.releaseUrl },
    ],
  };
}

export function bookingChangedPush(
  language: Language,
  change: "moved" | "cancelled",
  v: SeatingText & { reservationId: string; historyUrl: string },
): PushPayload {
  const it = language === "it";
  const when = it
    ? `${wallDayShort(language, v.date)} alle ${v.time}`
    : `${wallDayShort(language, v.date)} at ${v.time}`;
  return {
    kind: "booking",
    lang: language,
    tag: `reservation-${v.reservationId}`,
    title:
      change === "moved"
        ? it
          ? `Prenotazione spostata: ${v.restaurantName}`
          : `Booking moved: ${v.restaurantName}`
        : it
          ? `Prenotazione annullata: ${v.restaurantName}`
          : `Booking cancelled: ${v.restaurantName}`,
    body:
      change === "moved"
        ? it
          ? `Ora è ${when}, ${v.people} persone.`
          : `It's now ${when}, ${v.people} people.`
        : it
          ? `${when}, ${v.people} persone: non è più prenotato.`
          : `${when}, ${v.people} people: no longer booked.`,
    url: v.historyUrl,
    actions: [],
  };
}

/** A city or favourite alert: the soonest new offer for the diner, and how many more there are. */
export function offerAlertPush(
  language: Language,
  v: {
    offerId: string;
    restaurantName: string;
    city: string;
    discountPercent: number | null;
    offerUrl: string;
    /** Other new offers for the diner in the same announcement (listed by the mail and the search). */
    more: number;
  },
): PushPayload {
  const it = language === "it";
  const discount = v.discountPercent ? `: -${v.discountPercent}%` : "";
  const more =
    v.more === 0
      ? ""
      : it
        ? v.more === 1
          ? " E c'è un'altra offerta."
          : ` E ci sono altre ${v.more} offerte.`
        : v.more === 1
          ? " And there is one more offer."
          : ` And there are ${v.more} more offers.`;
  return {
    kind: "alert",
    lang: language,
    tag: `offer-${v.offerId}`,
    title: it ? `Last Minute a ${v.city}${discount}` : `Last Minute in ${v.city}${discount}`,
    body: it
      ? `${v.restaurantName} ha un tavolo scontato. Tocca per prenotare.${more}`
      : `${v.restaurantName} has a discounted table. Tap to book.${more}`,
    url: v.offerUrl,
    actions: [],
  };
}
