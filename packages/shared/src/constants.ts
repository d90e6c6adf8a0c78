/** Business constants of SPEC §9, the single source for web and API. */
export const API_TIMEOUT_MS = 15_000;
export const RESERVATION_CACHE_MS = 300_000;
export const RETRY_DELAY_MS = 2_000;
export const MAX_RETRIES = 3;
export const HISTORY_BACKOFF_MAX_MS = 32_000;
export const PROFILE_FETCH_THROTTLE_MS = 10_000;
export const COOLDOWN_SECONDS = 60;
/** How long a phone verification code stays good (the browser keeps its number as long). */
export const PHONE_CODE_TTL_SECONDS = 10 * 60;
export const CODE_LENGTH = 6;
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_SETTINGS_PASSWORD_LENGTH = 8;
/** How far back the account export lists the e-mails sent to the diner (subject and date). */
export const EXPORT_MAIL_HISTORY_DAYS = 90;
/** Caps on what a client may send: RFC 5321's address length, and a password bound that keeps argon2 cheap. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 128;
/** A first or last name, and the display name derived from both (names.ts), each at most this long. */
export const NAME_MAX_LENGTH = 60;
export const STRENGTH_MEDIUM_FROM = 0.4;
export const STRENGTH_STRONG_FROM = 0.8;
export const RADIUS_KM = { min: 1, max: 50, default: 10 } as const;
export const INCLUDE_NEARBY_CITIES_DEFAULT = false;
export const PEOPLE_PER_RESERVATION = { min: 1, max: 10 } as const;
export const DEFAULT_PHONE_PREFIX = "+39";
export const PARSED_PHONE_PREFIXES = ["+39", "+1", "+44", "+33", "+49"] as const;
export const RESERVATION_REDIRECT_MS = 2_000;
export const EMAIL_VERIFIED_REDIRECT_MS = 1_500;
export const USER_EXISTS_REDIRECT_MS = 3_000;
export const SCROLL_THRESHOLD_PX = 20;
export const MOBILE_BREAKPOINT_PX = 768;
export const HEADER_INFO_POLL_MS = 5_000;
export const FOOTER_YEAR = 2025;
export const PAGE_SIZE = { default: 20, max: 50 } as const;
/** Restaurants' own zone; the seed and every slot computation use it. */
export const DEFAULT_TIME_ZONE = "Europe/Rome";
/** Table bookings (decision 007): a seating starts on a quarter hour and lasts 90 minutes. */
export const SLOT_MINUTES = 15;
export const SEATING_MINUTES = 90;
/** How far ahead a table can be booked: last-minute tables, not next year's. */
export const BOOKING_HORIZON_DAYS = 90;
/** A search for a date, time and party: each restaurant offers its nearest start times, this many, this far off. */
export const SEARCH_SLOTS = { max: 5, windowMinutes: 90 } as const;
/** Orders of a restaurant search; "relevance" is best rated in a city, nearest around a position. */
export const SEARCH_SORTS = ["relevance", "distance", "rating", "soonest"] as const;
export const SPECIAL_REQUESTS_MAX_LENGTH = 500;
/**
 * Optional header of both booking calls: a retry with the same key and body gets the first answer
 * again instead of a second booking. Here, not beside its schema in reservations.ts, so a page that
 * only sends it does not download zod.
 */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Browsers one diner may have subscribed to Web Push at once (decision 045). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** Reminders before a booking (decision 046): the default lead and the most REMINDER_LEAD_MINUTES allows. */
export const REMINDER_LEAD_MINUTES = { default: 180, max: 4_320 } as const;

/**
 * The two services a search for a table defaults into (decision 040): outside them most restaurants
 * are closed, so a search at night or mid-afternoon asks about the next service at its usual hour.
 */
export const SEARCH_SERVICES = [
  { from: "12:00", until: "14:30", usual: "13:00" },
  { from: "19:00", until: "22:30", usual: "20:00" },
] as const;
