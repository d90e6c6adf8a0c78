/**
 * Intl formatters, built once per language and options: building one costs far more than using it,
 * and a results page formats a rating or a distance on every card of every render.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, language: string, options: object, build: () => F): F {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = build();
    cache.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}) =>
  cached(numberFormats, language, options, () => new Intl.NumberFormat(language, options));

export const dateFormat = (language: string, options: Intl.DateTimeFormatOptions) =>
  cached(dateFormats, language, options, () => new Intl.DateTimeFormat(language, options));
