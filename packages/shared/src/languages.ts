// No zod here: this module is on the web app's start path (i18n), and zod only loads with forms.
export const LANGUAGES = ["it", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "it";

/**
 * The cookie (and localStorage key, SPEC §3) holding the chosen language: the web app's i18next
 * detector writes it, the server reads it to render a page in that language.
 */
export const LANGUAGE_COOKIE = "i18nextLng";

/** Picks our language out of a tag such as "en-GB" or an Accept-Language list; null when none fits. */
export function matchLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  for (const part of value.split(",")) {
    const base = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if (base === "it" || base === "en") return base;
  }
  return null;
}
