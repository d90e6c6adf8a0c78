import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import resourcesToBackend from "i18next-resources-to-backend";
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from "@tavolo/shared/languages";
import { readHydrationData } from "../lib/hydration-data";
import { addFormatters, LANGUAGE_COOKIE, sharedInitOptions } from "./i18n-setup";

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
    ...sharedInitOptions,
    // A server-rendered page hydrates in the language it was rendered in (decision 027).
    lng: readHydrationData()?.language,
    detection: {
      // ?lang= (shared links), then the choice kept in localStorage and, for the server, in a cookie.
      order: ["querystring", "localStorage", "cookie", "navigator"],
      lookupQuerystring: "lang",
      lookupLocalStorage: LANGUAGE_COOKIE,
      lookupCookie: LANGUAGE_COOKIE,
      caches: ["localStorage", "cookie"],
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: "/", sameSite: "lax" },
      // SPEC §3 stores the bare language ("it", "en"), not the browser's "it-IT" or "en-US".
      convertDetectedLanguage: (detected: string) => matchLanguage(detected) ?? detected,
    },
  });

addFormatters(i18n);

/** The language in use, always one of ours. */
export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

export default i18n;
