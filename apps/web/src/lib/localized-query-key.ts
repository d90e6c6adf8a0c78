import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from "@tavolo/shared/languages";
import { currentLanguage } from "../i18n/i18n";

/**
 * The key convention of every query whose answer holds text the server translates (city and region
 * names, restaurant types, descriptions, dates): the domain key, then the language last (decision
 * 023). Switching language then reads new answers instead of showing the old language until a
 * reload, switching back finds the first ones cached, and invalidating the domain key (a prefix)
 * still reaches both languages.
 */
export function localizedKey<const Key extends readonly unknown[]>(
  key: Key,
  language: Language = currentLanguage(),
): readonly [...Key, Language] {
  return [...key, language];
}

/** The language query keys end with, for a hook: the component renders again on a switch. */
export function useQueryLanguage(): Language {
  const { i18n } = useTranslation();
  return matchLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE;
}

/** localizedKey for a query hook: the component renders again, with the new key, on a switch. */
export function useLocalizedKey<const Key extends readonly unknown[]>(key: Key): readonly [...Key, Language] {
  return localizedKey(key, useQueryLanguage());
}
