import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { sharedMessages } from "@tavolo/shared/i18n/translate";
import { DEFAULT_LANGUAGE, LANGUAGES, matchLanguage, type Language } from "@tavolo/shared/languages";
import it from "./locales/it.json";
import en from "./locales/en.json";

/** Our keys beside the shared ones (validation.*, apiErrors.*), which the server also uses. */
export const resources = {
  it: { translation: { ...sharedMessages.it, ...it } },
  en: { translation: { ...sharedMessages.en, ...en } },
} as const;

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = matchLanguage(lng) ?? DEFAULT_LANGUAGE;
}

i18n.on("languageChanged", syncDocumentLanguage);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: "languageOnly",
    nonExplicitSupportedLngs: true,
    // Resources are bundled, so init is synchronous and the first render is already translated.
    initAsync: false,
    detection: {
      order: ["localStorage", "navigator"],
      lookupLocalStorage: "i18nextLng",
      caches: ["localStorage"],
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The language in use, always one of ours. */
export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

export default i18n;
