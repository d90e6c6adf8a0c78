import type { Language } from "@tavolo/shared/languages";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";

/** The account mails of DESIGN §6, in Italian and English. Links are built by the caller from APP_ORIGIN. */

export function verificationCodeMail(
  language: Language,
  v: { name: string; code: string; link: string; minutes: number },
): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: `Il tuo codice di verifica Tavolo: ${v.code}`,
      greeting: hello("it", v.name),
      paragraphs: ["ecco il codice per verificare il tuo indirizzo email:"],
      code: v.code,
      action: { label: "Oppure verifica con un clic", url: v.link },
      notes: [
        `Il codice scade tra ${v.minutes} minuti e si può usare una sola volta.`,
        "Se non hai creato un account Tavolo, ignora questa email.",
      ],
    },
    en: {
      subject: `Your Tavolo verification code: ${v.code}`,
      greeting: hello("en", v.name),
      paragraphs: ["here is the code to verify your email address:"],
      code: v.code,
      action: { label: "Or verify with one click", url: v.link },
      notes: [
        `The code expires in ${v.minutes} minutes and works only once.`,
        "If you did not create a Tavolo account, ignore this email.",
      ],
    },
  };
  return layout("verification-code", language, content[language]);
}

export function verificationLinkMail(
  language: Language,
  v: { name: string; link: string; hours: number },
): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: "Conferma il tuo indirizzo email su Tavolo",
      greeting: hello("it", v.name),
      paragraphs: ["conferma il tuo indirizzo email per completare la registrazione."],
      action: { label: "Verifica l'email", url: v.link },
      notes: [
        `Il link scade tra ${v.hours} ore e si può usare una sola volta.`,
        "Se non hai creato un account Tavolo, ignora questa email.",
      ],
    },
    en: {
      subject: "Confirm your email address on Tavolo",
      greeting: hello("en", v.name),
      paragraphs: ["confirm your email address to complete your registration."],
      action: { label: "Verify email", url: v.link },
      notes: [
        `The link expires in ${v.hours} hours and works only once.`,
        "If you did not create a Tavolo account, ignore this email.",
      ],
    },
  };
  return layout("verification-link", language, content[language]);
}

export function passwordResetMail(
  language: Language,
  v: { name: string; link: string; minutes: number },
): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: "Reimposta la tua password Tavolo",
      greeting: hello("it", v.name),
      paragraphs: ["abbiamo ricevuto una richiesta di reimpostare la password del tuo account."],
      action: { label: "Scegli una nuova password", url: v.link },
      notes: [
        `Il link scade tra ${v.minutes} minuti e si può usare una sola volta.`,
        "Se non sei stato tu, ignora questa email: la password attuale resta valida.",
      ],
    },
    en: {
      subject: "Reset your Tavolo password",
      greeting: hello("en", v.name),
      paragraphs: ["we received a request to reset the password of your account."],
      action: { label: "Choose a new password", url: v.link },
      notes: [
        `The link expires in ${v.minutes} minutes and works only once.`,
        "If this was not you, ignore this email: your current password stays valid.",
      ],
    },
  };
  return layout("password-reset", language, content[language]);
}

export function welcomeMail(language: Language, v: { name: string; link: string }): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: "Benvenuto su Tavolo!",
      greeting: hello("it", v.name),
      paragraphs: [
        "il tuo account è pronto.",
        "Cerca la tua città, scopri le offerte Last Minute e prenota un tavolo in pochi secondi.",
      ],
      action: { label: "Trova un ristorante", url: v.link },
      notes: [],
    },
    en: {
      subject: "Welcome to Tavolo!",
      greeting: hello("en", v.name),
      paragraphs: [
        "your account is ready.",
        "Search your city, discover Last Minute offers and book a table in seconds.",
      ],
      action: { label: "Find a restaurant", url: v.link },
      notes: [],
    },
  };
  return layout("welcome", language, content[language]);
}
