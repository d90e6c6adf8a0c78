import type { Language } from "@tavolo/shared/languages";
import { wallDay } from "../../i18n/wall-dates";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";

/** The city alert of decision 009: new Last Minute offers where the diner asked to hear about them. */

export interface OfferAlertLine {
  restaurantName: string;
  city: string;
  /** "YYYY-MM-DD" and "HH:MM", restaurant wall clock. */
  date: string;
  startTime: string;
  endTime: string;
  bookUntil: string;
  seats: number;
  discountPercent: number | null;
  /** Absolute link to the offer, built from APP_ORIGIN. */
  link: string;
}

export interface OfferAlertData {
  name: string;
  offers: OfferAlertLine[];
  /** Offers beyond those listed. */
  more: number;
  searchLink: string;
  settingsLink: string;
}

function line(language: Language, offer: OfferAlertLine): { label: string; value: string } {
  const it = language === "it";
  const day = wallDay(language, offer.date);
  const seats = it
    ? `${offer.seats} ${offer.seats === 1 ? "posto" : "posti"}`
    : `${offer.seats} ${offer.seats === 1 ? "seat" : "seats"}`;
  const discount = offer.discountPercent
    ? it
      ? `, sconto ${offer.discountPercent}%`
      : `, ${offer.discountPercent}% off`
    : "";
  const value = it
    ? `${day}, ${offer.startTime}–${offer.endTime} · ${seats}${discount} · prenota entro le ${offer.bookUntil}\n${offer.link}`
    : `${day}, ${offer.startTime}–${offer.endTime} · ${seats}${discount} · book until ${offer.bookUntil}\n${offer.link}`;
  return { label: `${offer.restaurantName} (${offer.city})`, value };
}

export function offerAlertMail(language: Language, v: OfferAlertData): RenderedMail {
  const it = language === "it";
  const count = v.offers.length + v.more;
  const cities = [...new Set(v.offers.map((offer) => offer.city))].join(", ");
  const content: MailContent = {
    subject: it
      ? `${count === 1 ? "Nuova offerta" : `${count} nuove offerte`} Last Minute a ${cities}`
      : `${count === 1 ? "A new" : `${count} new`} Last Minute ${count === 1 ? "offer" : "offers"} in ${cities}`,
    greeting: hello(language, v.name),
    paragraphs: [
      it
        ? "si sono liberati dei posti dove ci avevi chiesto di avvisarti. Affrettati: le offerte Last Minute finiscono presto."
        : "seats have freed up where you asked us to tell you. Be quick: Last Minute offers go fast.",
      ...(v.more > 0
        ? [it ? `E altre ${v.more} offerte nella ricerca.` : `And ${v.more} more offers in the search.`]
        : []),
    ],
    details: v.offers.map((offer) => line(language, offer)),
    action: { label: it ? "Vedi le offerte" : "See the offers", url: v.searchLink },
    notes: [
      it
        ? `Ricevi questa email perché hai chiesto di essere avvisato per questa città. Puoi cambiare le notifiche qui: ${v.settingsLink}`
        : `You receive this email because you asked to be told about this city. You can change your notifications here: ${v.settingsLink}`,
    ],
  };
  return layout("offer-alert", language, content);
}
