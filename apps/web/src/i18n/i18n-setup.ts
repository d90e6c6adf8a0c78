import type { i18n as I18n, InitOptions } from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, matchLanguage } from "@tavolo/shared/languages";
import { italianA } from "@tavolo/shared/place-names";

/**
 * What every i18next instance of the app shares: the browser's singleton (i18n.ts) and the one each
 * server render creates for its request (entry-server.tsx), so both render the same texts.
 */
export const sharedInitOptions = {
  supportedLngs: [...LANGUAGES],
  // A supported language falls back to nothing (both have every key; a test checks it), so an
  // English visitor never downloads Italian; anything else (e.g. "de") becomes Italian.
  fallbackLng: { ...Object.fromEntries(LANGUAGES.map((lng) => [lng, []])), default: [DEFAULT_LANGUAGE] },
  load: "languageOnly",
  nonExplicitSupportedLngs: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
} satisfies InitOptions;

export function addFormatters(instance: I18n): void {
  // "Ristoranti {{city, a}}": Italian says "ad" before a vowel ("ad Ancona"); other languages get the name.
  instance.services.formatter?.add("a", (value: unknown, lng: string | undefined) =>
    matchLanguage(lng) === "it" ? italianA(String(value)) : String(value),
  );
  // The same at the start of a sentence: "{{city, aStart}}" is "Ad Ancona", "A Milano" (i18next
  // lower-cases format names, so it cannot be "A").
  instance.services.formatter?.add("aStart", (value: unknown, lng: string | undefined) => {
    const text = matchLanguage(lng) === "it" ? italianA(String(value)) : String(value);
    return text.charAt(0).toUpperCase() + text.slice(1);
  });
}
