import type { SearchCategory } from "@tavolo/shared/categories";
import type { Language } from "@tavolo/shared/languages";
import { italianA } from "@tavolo/shared/place-names";

/**
 * What crawlers and link previews read: page titles, descriptions and the words on share cards, in
 * both languages. Server-only texts like the mails' (mail/templates), kept out of the shared JSON
 * messages so the web app's first load does not carry them (decision 028); the type makes a text
 * missing in one language a compile error.
 */
export interface SeoTexts {
  siteName: string;
  tagline: string;
  homeTitle: string;
  homeDescription: string;
  searchTitle: (place: string | null, cuisine: string | null) => string;
  searchDescription: (place: string | null, cuisine: string | null) => string;
  restaurantTitle: (name: string, city: string) => string;
  /** When the restaurant has no description of its own. */
  restaurantFallbackDescription: (name: string, city: string, address: string) => string;
  offerTitle: (name: string, discountPercent: number | null, date: string) => string;
  offerDescription: (o: OfferWords) => string;
  /** Share card: the deal in large type, and the booking deadline. */
  cardDiscount: (percent: number) => string;
  cardNoDiscount: string;
  cardBookBy: (time: string) => string;
  cardBookTable: string;
  cardGenericSubtitle: string;
  imageAlt: (name: string, city: string) => string;
  cuisine: Record<SearchCategory, string>;
  /** og:locale */
  locale: string;
}

export interface OfferWords {
  name: string;
  city: string;
  discountPercent: number | null;
  date: string;
  startTime: string;
  endTime: string;
  bookUntil: string;
}

export const SEO_TEXTS: Record<Language, SeoTexts> = {
  it: {
    siteName: "Tavolo",
    tagline: "Prenota un tavolo all'ultimo minuto",
    homeTitle: "Tavolo — prenota un tavolo all'ultimo minuto",
    homeDescription:
      "Tavolo: trova un ristorante e prenota un tavolo all'ultimo minuto, nella tua città. Offerte Last Minute ogni giorno.",
    searchTitle: (place, cuisine) =>
      place
        ? `${cuisine ? `Ristoranti ${cuisine.toLowerCase()}` : "Ristoranti"} ${italianA(place)}: prenota un tavolo — Tavolo`
        : `${cuisine ? `Ristoranti ${cuisine.toLowerCase()}` : "Cerca ristoranti"} e offerte Last Minute — Tavolo`,
    searchDescription: (place, cuisine) =>
      `${cuisine ? `Ristoranti ${cuisine.toLowerCase()}` : "Ristoranti"} e offerte Last Minute${place ? ` ${italianA(place)}` : ""}: scegli un orario e prenota un tavolo in pochi secondi, anche per stasera.`,
    restaurantTitle: (name, city) => `${name}, ${city} — prenota un tavolo | Tavolo`,
    restaurantFallbackDescription: (name, city, address) =>
      `${name}, ${address} (${city}): orari, tavoli liberi e offerte Last Minute. Prenota un tavolo su Tavolo.`,
    offerTitle: (name, discount, date) =>
      `${discount ? `Sconto ${discount}%` : "Last Minute"} da ${name}, ${date} | Tavolo`,
    offerDescription: (o) =>
      `Offerta Last Minute da ${o.name} ${italianA(o.city)}${o.discountPercent ? `: sconto del ${o.discountPercent}%` : ""}, ${o.date} dalle ${o.startTime} alle ${o.endTime}. Prenota entro le ${o.bookUntil}.`,
    cardDiscount: (percent) => `−${percent}%`,
    cardNoDiscount: "Last Minute",
    cardBookBy: (time) => `Prenota entro le ${time}`,
    cardBookTable: "Prenota un tavolo",
    cardGenericSubtitle: "Offerte Last Minute ogni giorno, nella tua città",
    imageAlt: (name, city) => `${name}, ${city}: prenota su Tavolo`,
    cuisine: {
      carne: "Carne",
      pesce: "Pesce",
      pizza: "Pizza",
      sushi: "Sushi",
      hamburger: "Hamburger",
      vegetariano: "Vegetariano",
      vegano: "Vegano",
      italiano: "Italiano",
      etnico: "Etnico",
    },
    locale: "it_IT",
  },
  en: {
    siteName: "Tavolo",
    tagline: "Book a table at the last minute",
    homeTitle: "Tavolo — book a table at the last minute",
    homeDescription:
      "Tavolo: find a restaurant and book a table at the last minute, in your city. Last Minute offers every day.",
    searchTitle: (place, cuisine) =>
      place
        ? `${cuisine ? `${cuisine} restaurants` : "Restaurants"} in ${place}: book a table — Tavolo`
        : `${cuisine ? `${cuisine} restaurants` : "Find restaurants"} and Last Minute offers — Tavolo`,
    searchDescription: (place, cuisine) =>
      `${cuisine ? `${cuisine} restaurants` : "Restaurants"} and Last Minute offers${place ? ` in ${place}` : ""}: pick a time and book a table in seconds, tonight too.`,
    restaurantTitle: (name, city) => `${name}, ${city} — book a table | Tavolo`,
    restaurantFallbackDescription: (name, city, address) =>
      `${name}, ${address} (${city}): opening hours, free tables and Last Minute offers. Book a table on Tavolo.`,
    offerTitle: (name, discount, date) =>
      `${discount ? `${discount}% off` : "Last Minute"} at ${name}, ${date} | Tavolo`,
    offerDescription: (o) =>
      `Last Minute offer at ${o.name} in ${o.city}${o.discountPercent ? `: ${o.discountPercent}% off` : ""}, ${o.date} from ${o.startTime} to ${o.endTime}. Book until ${o.bookUntil}.`,
    cardDiscount: (percent) => `−${percent}%`,
    cardNoDiscount: "Last Minute",
    cardBookBy: (time) => `Book until ${time}`,
    cardBookTable: "Book a table",
    cardGenericSubtitle: "Last Minute offers every day, in your city",
    imageAlt: (name, city) => `${name}, ${city}: book on Tavolo`,
    cuisine: {
      carne: "Meat",
      pesce: "Fish",
      pizza: "Pizza",
      sushi: "Sushi",
      hamburger: "Hamburger",
      vegetariano: "Vegetarian",
      vegano: "Vegan",
      italiano: "Italian",
      etnico: "Ethnic",
    },
    locale: "en_GB",
  },
};
