import type { Language } from "@tavolo/shared/languages";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";

/** Mails of the settings screen (issue 4), in Italian and English. Links come from APP_ORIGIN. */

/** To the new address: the link that proves the mailbox and makes the change. */
export function emailChangeMail(
  language: Language,
  v: { name: string; newEmail: string; link: string; hours: number },
): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: "Conferma il tuo nuovo indirizzo email su Tavolo",
      greeting: hello("it", v.name),
      paragraphs: [`hai chiesto di usare ${v.newEmail} per il tuo account Tavolo. Conferma con il pulsante qui sotto.`],
      action: { label: "Conferma il nuovo indirizzo", url: v.link },
      notes: [
        `Il link scade tra ${v.hours} ore e si può usare una sola volta.`,
        "Finché non confermi, l'account continua a usare l'indirizzo precedente.",
        "Se non sei stato tu, ignora questa email.",
      ],
    },
    en: {
      subject: "Confirm your new email address on Tavolo",
      greeting: hello("en", v.name),
      paragraphs: [`you asked to use ${v.newEmail} for your Tavolo account. Confirm with the button below.`],
      action: { label: "Confirm the new address", url: v.link },
      notes: [
        `The link expires in ${v.hours} hours and works only once.`,
        "Until you confirm, the account keeps using the previous address.",
        "If this was not you, ignore this email.",
      ],
    },
  };
  return layout("email-change", language, content[language]);
}

/** To the old address once the change is made, so a takeover does not go unnoticed. */
export function emailChangedNoticeMail(language: Language, v: { name: string; newEmail: string }): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: "L'email del tuo account Tavolo è cambiata",
      greeting: hello("it", v.name),
      paragraphs: [
        `da ora il tuo account Tavolo usa l'indirizzo ${v.newEmail}; questo non riceverà più le nostre email.`,
      ],
      notes: ["Se non sei stato tu, scrivici subito a ciao@tavolo.it."],
    },
    en: {
      subject: "Your Tavolo account email has changed",
      greeting: hello("en", v.name),
      paragraphs: [`your Tavolo account now uses ${v.newEmail}; this address will no longer receive our emails.`],
      notes: ["If this was not you, write to us at once at ciao@tavolo.it."],
    },
  };
  return layout("email-changed", language, content[language]);
}

export function passwordChangedMail(language: Language, v: { name: string; resetLink: string }): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: "La password del tuo account Tavolo è cambiata",
      greeting: hello("it", v.name),
      paragraphs: [
        "la password del tuo account è stata cambiata dalle impostazioni. Le altre sessioni aperte sono state chiuse.",
      ],
      action: { label: "Non sei stato tu? Reimposta la password", url: v.resetLink },
      notes: ["Se sei stato tu, non devi fare nulla."],
    },
    en: {
      subject: "Your Tavolo account password has changed",
      greeting: hello("en", v.name),
      paragraphs: [
        "your account password was changed from the settings. Your other open sessions have been signed out.",
      ],
      action: { label: "Not you? Reset your password", url: v.resetLink },
      notes: ["If it was you, there is nothing to do."],
    },
  };
  return layout("password-changed", language, content[language]);
}
