import type { Language } from "@tavolo/shared/languages";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";

/** Mails of the settings screen (decision 008), in Italian and English. Links come from APP_ORIGIN. */

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

/**
 * The last mail to a deleted account. It names no one (no name, no address in the text): once
 * delivered, the outbox keeps only a hash of its recipient (decision 021).
 */
export function accountDeletedMail(
  language: Language,
  v: { cancelledBookings: number; pageLink: string },
): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: "Il tuo account Tavolo è stato eliminato",
      greeting: hello("it", ""),
      paragraphs: [
        "come hai chiesto, il tuo account Tavolo è stato eliminato con i tuoi dati: profilo, preferiti, impostazioni, avvisi e sessioni.",
        v.cancelledBookings > 0
          ? `Abbiamo cancellato le tue prenotazioni future (${v.cancelledBookings}): i tavoli e i posti sono di nuovo liberi.`
          : "Non avevi prenotazioni future da cancellare.",
        "Le prenotazioni passate restano ai ristoranti senza il tuo nome, la tua email, il tuo telefono né le tue richieste.",
      ],
      action: { label: "Cosa eliminiamo e cosa resta", url: v.pageLink },
      notes: ["Questa è l'ultima email che ricevi da Tavolo. Puoi registrarti di nuovo quando vuoi."],
    },
    en: {
      subject: "Your Tavolo account has been deleted",
      greeting: hello("en", ""),
      paragraphs: [
        "as you asked, your Tavolo account has been deleted with your data: profile, favorites, settings, alerts and sessions.",
        v.cancelledBookings > 0
          ? `We cancelled your upcoming bookings (${v.cancelledBookings}): their tables and seats are free again.`
          : "You had no upcoming bookings to cancel.",
        "Past bookings stay with the restaurants without your name, email, phone or requests.",
      ],
      action: { label: "What we delete and what stays", url: v.pageLink },
      notes: ["This is the last email you receive from Tavolo. You can register again whenever you like."],
    },
  };
  return layout("account-deleted", language, content[language]);
}
