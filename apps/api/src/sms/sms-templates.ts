import type { Language } from "@tavolo/shared/languages";

/**
 * The phone verification text (DESIGN §5), in the user's language. The last line is the WebOTP
 * format (`@host #code`), so a phone's browser can offer to fill the code in on our site only.
 */
export function phoneCodeSms(language: Language, v: { code: string; minutes: number; host: string }): string {
  const body =
    language === "en"
      ? `Tavolo: your verification code is ${v.code}. It expires in ${v.minutes} minutes. Never share it with anyone.`
      : `Tavolo: il tuo codice di verifica è ${v.code}. Scade tra ${v.minutes} minuti. Non condividerlo con nessuno.`;
  return `${body}\n\n@${v.host} #${v.code}`;
}
