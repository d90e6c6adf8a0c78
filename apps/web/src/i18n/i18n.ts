import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import resourcesToBackend from "i18next-resources-to-backend";
import { manifestPath } from "@tavolo/shared/app-paths";
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, matchLanguage, type Language } from "@tavolo/shared/languages";
import { addFormatters, sharedInitOptions } from "./i18n-setup";

type Messages = Record<string, unknown>;

/**
 * A language's messages come in two parts (decision 031), each its own chunk per language:
 * - the start part: what the shell and the four server-rendered pages say. The first render (and
 *   the hydration of a rendered page) waits for it, and only for it (≈ 4.5 KiB gzipped);
 * - the rest: every other screen, plus the shared validation.* and apiErrors.* (which the server
 *   also uses). It loads right after the first render; a route outside the start part, and any
 *   lazy piece that needs it, waits for it (`restOfMessages`).
 */
/**
 * A copy of the start part: i18next merges the rest into the tree it is given (addResourceBundle,
 * deep), which must not be the JSON module every importer shares.
 */
const loadStart = async (language: string): Promise<Messages> =>
  structuredClone(
    (language === "en" ? await import("./locales/start/en.json") : await import("./locales/start/it.json")).default,
  );

async function loadRest(language: string): Promise<Messages> {
  const [shared, web] =
    language === "en"
      ? await Promise.all([import("@tavolo/shared/i18n/en.json"), import("./locales/rest/en.json")])
      : await Promise.all([import("@tavolo/shared/i18n/it.json"), import("./locales/rest/it.json")]);
  return { ...shared.default, ...web.default };
}

/** Both parts of one language; a section may have keys in each (the start part takes a few). */
const merged = (start: Messages, rest: Messages): Messages =>
  Object.fromEntries(
    [...new Set([...Object.keys(start), ...Object.keys(rest)])].map((section) => {
      const [a, b] = [start[section], rest[section]];
      return [section, isTree(a) && isTree(b) ? merged(a, b) : (a ?? b)];
    }),
  );
const isTree = (value: unknown): value is Messages => typeof value === "object" && value !== null;

/** Languages whose rest is in (or on its way), so each part is fetched once. */
const restLoads = new Map<string, Promise<void>>();

/**
 * The first language i18next loads gets its start part only; a language switched to later gets both
 * parts at once, so no screen ever changes language with keys missing.
 */
let firstLoad = true;
async function loadMessages(language: string): Promise<Messages> {
  if (firstLoad) {
    firstLoad = false;
    return loadStart(language);
  }
  const [start, rest] = await Promise.all([loadStart(language), loadRest(language)]);
  restLoads.set(language, Promise.resolve());
  return merged(start, rest);
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document === "undefined") return;
  const language = matchLanguage(lng) ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = language;
  // The installed app's name and description in the page's language too.
  document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.setAttribute("href", manifestPath(language));
}

/**
 * The browser's i18next instance (decision 050): its own, not i18next's global one, and started only
 * by the composition root (client-app.tsx, or a test's setup) — importing this module initialises
 * nothing, so the server bundle, which renders with one instance per request, never runs it.
 */
const i18n = createInstance();
let started: Promise<void> | undefined;

/**
 * Detects the language and loads its start messages, once: the app renders after it, so no key ever
 * flashes. Binds the instance to react-i18next for every component of the browser's tree.
 * `language`: the one a server-rendered page was rendered in, from its hydration data.
 */
export function startBrowserI18n(language?: Language): Promise<void> {
  started ??= (async () => {
    i18n.on("languageChanged", syncDocumentLanguage);
    const ready = i18n
      .use(LanguageDetector)
      .use(resourcesToBackend((language: string) => loadMessages(language)))
      .use(initReactI18next)
      .init({
        ...sharedInitOptions,
        // A server-rendered page hydrates in the language it was rendered in (decision 027).
        lng: language,
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
    await ready;
  })();
  return started;
}

/** The started instance's readiness; a route asking for messages before the app started is a bug. */
function browserI18nStarted(): Promise<void> {
  if (!started) throw new Error("the browser's i18n is not started (client-app.tsx starts it)");
  return started;
}

/**
 * Resolves once the current language's rest of the messages is in (loading it if needed): the
 * routes outside the start part wait for it before their first render (app/router.tsx). It waits
 * for the start part first: i18next adds a loaded part over what is there section by section, so a
 * rest that came first would lose the sections both parts share.
 */
export async function restOfMessages(language?: string): Promise<void> {
  await browserI18nStarted();
  const lng = language ?? currentLanguage();
  let load = restLoads.get(lng);
  if (!load) {
    load = loadRest(lng).then(
      (rest) => void i18n.addResourceBundle(lng, "translation", rest, true, false),
      (error: unknown) => {
        restLoads.delete(lng); // a failed request is asked again by the next route that needs it
        throw error;
      },
    );
    restLoads.set(lng, load);
  }
  return load;
}

/** A lazy module that speaks with the rest of the messages: ready once both are in. */
export async function withRestOfMessages<T>(load: Promise<T>): Promise<T> {
  const [module] = await Promise.all([load, restOfMessages()]);
  return module;
}

/** The language in use, always one of ours. */
export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

export default i18n;
