import type { Language } from "@tavolo/shared/languages";
import { hello, layout, type MailContent, type RenderedMail } from "./layout";

/** Six digits that prove the reader holds the account's mailbox (decision 036), in Italian and English. */

export function loginCodeMail(language: Language, v: { name: string; code: string; minutes: number }): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: `Il tuo codice di accesso Tavolo: ${v.code}`,
      greeting: hello("it", v.name),
      paragraphs: [
        "negli ultimi minuti qualcuno ha provato molte volte ad accedere al tuo account con password sbagliate, quindi per entrare ti chiediamo anche questo codice:",
      ],
      code: v.code,
      notes: [
        `Il codice scade tra ${v.minutes} minuti e si può usare una sola volta.`,
        "Se non stai cercando di accedere, ignora questa email: senza il codice nessuno entra, e ti consigliamo di cambiare la password se è la stessa che usi altrove.",
      ],
    },
    en: {
      subject: `Your Tavolo sign-in code: ${v.code}`,
      greeting: hello("en", v.name),
      paragraphs: [
        "in the last few minutes someone tried many times to sign in to your account with wrong passwords, so to sign in we also ask for this code:",
      ],
      code: v.code,
      notes: [
        `The code expires in ${v.minutes} minutes and works only once.`,
        "If you are not trying to sign in, ignore this email: nobody gets in without the code. Consider changing your password if you use it elsewhere too.",
      ],
    },
  };
  return layout("login-code", language, content[language]);
}

export function deletionCodeMail(language: Language, v: { name: string; code: string; minutes: number }): RenderedMail {
  const content: Record<Language, MailContent> = {
    it: {
      subject: `Codice per eliminare il tuo account Tavolo: ${v.code}`,
      greeting: hello("it", v.name),
      paragraphs: ["hai chiesto di eliminare il tuo account Tavolo. Per confermare, inserisci questo codice:"],
      code: v.code,
      notes: [
        `Il codice scade tra ${v.minutes} minuti e si può usare una sola volta.`,
        "Se non sei stato tu, non inserirlo da nessuna parte: il tuo account resta com'è.",
      ],
    },
    en: {
      subject: `Code to delete your Tavolo account: ${v.code}`,
      greeting: hello("en", v.name),
      paragraphs: ["you asked to delete your Tavolo account. To confirm, enter this code:"],
      code: v.code,
      notes: [
        `The code expires in ${v.minutes} minutes and works only once.`,
        "If this was not you, do not enter it anywhere: your account stays as it is.",
      ],
    },
  };
  return layout("deletion-code", language, content[language]);
}
