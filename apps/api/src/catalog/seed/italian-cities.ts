/**
 * The 100 most populous Italian comuni, used to seed demo restaurants and to resolve the city a
 * diner types into the search box.
 *
 * Populations are ISTAT resident figures (around 1 January 2023), rounded where the exact figure
 * was not at hand; they only drive how many demo restaurants each city gets, so small errors are
 * harmless. Coordinates are the historic centre (main square / cathedral area), accurate to a few
 * hundred metres, which is what distance-based search needs.
 *
 * The data lives in italian-cities.json, sorted by population (largest first).
 */
import cities from "./italian-cities.json" with { type: "json" };

export interface SeedCity {
  /** ASCII, lowercase, hyphen-separated: used in URLs. */
  slug: string;
  /** Italian name in its common form ("Reggio Emilia", not "Reggio nell'Emilia"). */
  nameIt: string;
  /** English exonym when one is in current use, otherwise the Italian name. */
  nameEn: string;
  /**
   * Other spellings people type (exonyms, official long forms, short forms). Accent-stripped
   * variants are deliberately absent: the search normalises accents itself.
   */
  aliases: string[];
  region: string;
  /** Two-letter province (or metropolitan city) code, as on number plates. */
  province: string;
  lat: number;
  lng: number;
  population: number;
  /** Main CAP of the centre (big cities have several). */
  postcode: string;
  /** Landline area code, including the leading 0. */
  phonePrefix: string;
  /** Real, well-known streets and squares for the big cities; plausible ones for the others. */
  streets: string[];
}

export const ITALIAN_CITIES: readonly SeedCity[] = cities;
