import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import resourcesToBackend from "i18next-resources-to-backend";
import { DEFAULT_LANGUAGE, LANGUAGES, matchLanguage, type Language } from "@tavolo/shared/languages";
import { italianA } from "@tavolo/shared/place-names";

/**
 * One language's messages: ours beside the shared ones (validation.*, apiErrors.*), which the
 * server also uses. Each language is its own chunk (≈ 10 KiB gzipped): only the active one is
 * fetched at start, the other on switch (decision 012).
 */
async function loadMessages(language: string): Promise<Record<string, unknown>> {
  const [shared, web] =
    language === "en"
      ? await Promise.all([import("@tavolo/shared/i18n/en.json"), import("./locales/en.json")])
      : await Promise.all([import("@tavolo/shared/i18n/it.json"), import("./locales/it.json")]);
  return { ...shared.default, ...web.default };
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = matchLanguage(lng) ?? DEFAULT_LANGUAGE;
}

i18n.on("languageChanged", syncDocumentLanguage);

/** Resolves once the detected language's messages are in: the app renders after it, so no key ever flashes. */
export const i18nReady = i18n
  .use(LanguageDetector)
  .use(resourcesToBackend((language: string) => loadMessages(language)))
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    // A supported language falls back to nothing (both have every key; a test checks it), so an
    // English visitor never downloads Italian; anything else (e.g. "de") becomes Italian.
    fallbackLng: { ...Object.fromEntries(LANGUAGES.map((lng) => [lng, []])), default: [DEFAULT_LANGUAGE] },
    load: "languageOnly",
    nonExplicitSupportedLngs: true,
    detection: {
      order: ["localStorage", "navigator"],
      lookupLocalStorage: "i18nextLng",
      caches: ["localStorage"],
      // SPEC §3 stores the bare language ("it", "en"), not the browser's "it-IT" or "en-US".
      convertDetectedLanguage: (detected: string) => matchLanguage(detected) ?? detected,
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

// "Ristoranti {{city, a}}": Italian says "ad" before a vowel ("ad Ancona"); other languages get the name.
i18n.services.formatter?.add("a", (value: unknown, lng: string | undefined) =>
  matchLanguage(lng) === "it" ? italianA(String(value)) : String(value),
);
// The same at the start of a sentence: "{{city, aStart}}" is "Ad Ancona", "A Milano" (i18next
// lower-cases format names, so it cannot be "A").
i18n.services.formatter?.add("aStart", (value: unknown, lng: string | undefined) => {
  const text = matchLanguage(lng) === "it" ? italianA(String(value)) : String(value);
  return text.charAt(0).toUpperCase() + text.slice(1);
});

/** The language in use, always one of ours. */
export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

export default i18n;
