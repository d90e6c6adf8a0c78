import { DEFAULT_PHONE_PREFIX, PARSED_PHONE_PREFIXES } from "./constants";

/**
 * The prefix picker of SPEC §9: 44 countries, Italy first and the default. Keyed by ISO region so
 * the web can name each country in the UI language (Intl.DisplayNames); +1 serves two countries.
 */
export const PHONE_COUNTRIES = [
  { region: "IT", prefix: "+39" },
  { region: "SM", prefix: "+378" },
  { region: "CH", prefix: "+41" },
  { region: "FR", prefix: "+33" },
  { region: "DE", prefix: "+49" },
  { region: "AT", prefix: "+43" },
  { region: "ES", prefix: "+34" },
  { region: "PT", prefix: "+351" },
  { region: "GB", prefix: "+44" },
  { region: "IE", prefix: "+353" },
  { region: "BE", prefix: "+32" },
  { region: "NL", prefix: "+31" },
  { region: "LU", prefix: "+352" },
  { region: "DK", prefix: "+45" },
  { region: "SE", prefix: "+46" },
  { region: "NO", prefix: "+47" },
  { region: "FI", prefix: "+358" },
  { region: "IS", prefix: "+354" },
  { region: "PL", prefix: "+48" },
  { region: "CZ", prefix: "+420" },
  { region: "SK", prefix: "+421" },
  { region: "HU", prefix: "+36" },
  { region: "SI", prefix: "+386" },
  { region: "HR", prefix: "+385" },
  { region: "RO", prefix: "+40" },
  { region: "BG", prefix: "+359" },
  { region: "GR", prefix: "+30" },
  { region: "CY", prefix: "+357" },
  { region: "MT", prefix: "+356" },
  { region: "EE", prefix: "+372" },
  { region: "LV", prefix: "+371" },
  { region: "LT", prefix: "+370" },
  { region: "AL", prefix: "+355" },
  { region: "UA", prefix: "+380" },
  { region: "TR", prefix: "+90" },
  { region: "US", prefix: "+1" },
  { region: "CA", prefix: "+1" },
  { region: "BR", prefix: "+55" },
  { region: "AR", prefix: "+54" },
  { region: "MX", prefix: "+52" },
  { region: "AU", prefix: "+61" },
  { region: "JP", prefix: "+81" },
  { region: "CN", prefix: "+86" },
  { region: "IN", prefix: "+91" },
] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];
export type PhoneRegion = PhoneCountry["region"];
export const DEFAULT_PHONE_REGION: PhoneRegion = "IT";

/** SPEC §5: fewer characters than this and no code is requested. */
export const MIN_PHONE_LENGTH = 6;

/** What a person may type between the digits; the stored form has none of it. */
export const stripPhoneFormatting = (value: string) => value.replace(/[\s.\-()/]/g, "");

/**
 * Whether a typed number holds digits only, besides that formatting and a leading "+": letters are
 * refused where they are typed, with a message about digits, not by the server's prefix hint.
 */
export const isPhoneDigits = (value: string) => /^\+?\d*$/.test(stripPhoneFormatting(value));

export const prefixOfRegion = (region: string): string =>
  PHONE_COUNTRIES.find((country) => country.region === region)?.prefix ?? DEFAULT_PHONE_PREFIX;

/**
 * Splits a stored number for the form. Only the five prefixes of SPEC §9 are recognised; any
 * other number stays whole in the number field (with its +), under the default prefix.
 */
export function splitPhoneNumber(stored: string | null | undefined): { region: PhoneRegion; national: string } {
  const number = stripPhoneFormatting(stored ?? "");
  if (!number) return { region: DEFAULT_PHONE_REGION, national: "" };
  // Longest first would matter for overlapping prefixes; these five do not overlap.
  const prefix = PARSED_PHONE_PREFIXES.find((candidate) => number.startsWith(candidate));
  if (!prefix) return { region: DEFAULT_PHONE_REGION, national: number };
  const region = PHONE_COUNTRIES.find((country) => country.prefix === prefix)?.region ?? DEFAULT_PHONE_REGION;
  return { region, national: number.slice(prefix.length) };
}

/** The international number the form stands for: a number typed with its own + wins over the picker. */
export function joinPhoneNumber(region: string, national: string): string {
  const number = stripPhoneFormatting(national);
  if (!number) return "";
  return number.startsWith("+") ? number : `${prefixOfRegion(region)}${number}`;
}

/**
 * A number as a person reads it: "+39 333 123 4567", the prefix apart and the rest in groups of three
 * (the last holds the remaining four or fewer), joined by no-break spaces so it never wraps.
 */
export function formatPhoneNumber(stored: string): string {
  const number = stripPhoneFormatting(stored);
  const { region, national } = splitPhoneNumber(number);
  if (national.startsWith("+") || !number.startsWith("+")) return number;
  const groups: string[] = [];
  let rest = national;
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  if (rest) groups.push(rest);
  return [prefixOfRegion(region), ...groups].join("\u00a0");
}
