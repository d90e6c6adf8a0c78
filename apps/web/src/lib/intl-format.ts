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

/**
 * English dates are written day before month ("Friday 27 November"), as the mails do (en-GB): the
 * app serves Italy, and a US "November 27" beside a mail's "27 November" reads as two dates.
 */
const dateLocale = (language: string) => (language.startsWith("en") ? "en-GB" : language);

export const dateFormat = (language: string, options: Intl.DateTimeFormatOptions) =>
  cached(dateFormats, language, options, () => new Intl.DateTimeFormat(dateLocale(language), options));

/**
 * A distance, one way on every card (decision 040): under a kilometre in metres, rounded to ten
 * ("400 m"), else in kilometres with one decimal ("1,3 km"). Offers and restaurants read the same.
 */
export function formatDistance(km: number, language: string): string {
  // Rounded first: 0.996 km is "1 km", never "1000 m" beside another card's "1 km".
  const metres = Math.max(10, Math.round(km * 100) * 10);
  if (metres < 1000) return `${metres}\u00a0m`;
  return `${numberFormat(language, { maximumFractionDigits: 1 }).format(km)}\u00a0km`;
}
