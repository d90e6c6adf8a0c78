/**
 * Typed access to the browser storage keys of SPEC §3. Storage can be missing (private mode,
 * blocked cookies, the native wrapper before start) or hold corrupt JSON written by an older build:
 * every read degrades to null and every write to an in-memory copy, never to an exception.
 */
import { LANGUAGE_COOKIE } from "@tavolo/shared/languages";

export interface StoredUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  displayName?: string;
  phoneNumber?: string;
  phoneVerified?: boolean;
  emailVerified?: boolean;
  language?: string;
  termsAccepted?: boolean;
  newsletterSubscribed?: boolean;
  authProvider?: string;
}

export interface DisplayInfo {
  displayName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  timestamp: number;
}

export const STRING_KEYS = [
  "auth_token",
  "refresh_token",
  LANGUAGE_COOKIE,
  "autoLogin",
  "autoLoginEmail",
  "autoLoginToken",
] as const;
export type StringKey = (typeof STRING_KEYS)[number];

/** When each resend cooldown ends (epoch ms), by name; they outlive a reload (SPEC §4). */
export type Cooldowns = Record<string, number>;

/** The number a phone code went to, while that code is good: a reload can still take the code. */
export interface PendingPhoneCode {
  userId: string;
  phoneNumber: string;
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * The signed-in diner's upcoming bookings as of the last answer, for /history without a network
 * (decision 046). One diner's only, named by id, and gone at sign-out: never shown to another.
 * The bookings are checked against the shared schema where they are read.
 */
export interface LastHistorySync {
  userId: string;
  /** Epoch ms of the answer. */
  savedAt: number;
  reservations: unknown[];
}

interface JsonValues {
  user: StoredUser;
  oauth_user: StoredUser;
  currentUserDisplayInfo: DisplayInfo;
  cooldowns: Cooldowns;
  pendingPhoneCode: PendingPhoneCode;
  lastHistorySync: LastHistorySync;
}
export type JsonKey = keyof JsonValues;

/** Keys a sign-out removes. */
export const SESSION_KEYS = [
  "user",
  "auth_token",
  "refresh_token",
  "oauth_user",
  "currentUserDisplayInfo",
  "pendingPhoneCode",
  "lastHistorySync",
] as const;

const memory = new Map<string, string>();

function backend(): Storage | null {
  try {
    const store = globalThis.localStorage;
    if (!store) return null;
    return store;
  } catch {
    return null;
  }
}

function rawGet(key: string): string | null {
  try {
    const store = backend();
    return store ? store.getItem(key) : (memory.get(key) ?? null);
  } catch {
    return memory.get(key) ?? null;
  }
}

function rawSet(key: string, value: string): void {
  try {
    const store = backend();
    if (store) store.setItem(key, value);
    else memory.set(key, value);
  } catch {
    // Quota exceeded or storage denied: keep the value for this page's life at least.
    memory.set(key, value);
  }
}

function rawRemove(key: string): void {
  memory.delete(key);
  try {
    backend()?.removeItem(key);
  } catch {
    // Nothing to do: the in-memory copy is already gone.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The spec's user has `id` or `uid`; we keep one `id`. Anything without an id and email is not a user. */
function toUser(value: unknown): StoredUser | null {
  if (!isRecord(value)) return null;
  const id = typeof value.id === "string" ? value.id : typeof value.uid === "string" ? value.uid : null;
  if (!id || typeof value.email !== "string") return null;
  const text = (name: string) => (typeof value[name] === "string" ? (value[name] as string) : undefined);
  const flag = (name: string) => (typeof value[name] === "boolean" ? (value[name] as boolean) : undefined);
  return {
    id,
    email: value.email,
    firstName: text("firstName"),
    lastName: text("lastName"),
    displayName: text("displayName"),
    phoneNumber: text("phoneNumber"),
    phoneVerified: flag("phoneVerified"),
    emailVerified: flag("emailVerified"),
    language: text("language"),
    termsAccepted: flag("termsAccepted"),
    newsletterSubscribed: flag("newsletterSubscribed"),
    authProvider: text("authProvider"),
  };
}

function toDisplayInfo(value: unknown): DisplayInfo | null {
  if (!isRecord(value)) return null;
  const text = (name: string) => (typeof value[name] === "string" ? (value[name] as string) : undefined);
  return {
    displayName: text("displayName"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    timestamp: typeof value.timestamp === "number" ? value.timestamp : 0,
  };
}

function toCooldowns(value: unknown): Cooldowns | null {
  if (!isRecord(value)) return null;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => Number.isFinite(entry[1])),
  );
}

function toPendingPhoneCode(value: unknown): PendingPhoneCode | null {
  if (!isRecord(value)) return null;
  const { userId, phoneNumber, expiresAt } = value;
  return typeof userId === "string" && typeof phoneNumber === "string" && Number.isFinite(expiresAt)
    ? { userId, phoneNumber, expiresAt: expiresAt as number }
    : null;
}

function toLastHistorySync(value: unknown): LastHistorySync | null {
  if (!isRecord(value)) return null;
  const { userId, savedAt, reservations } = value;
  return typeof userId === "string" && Number.isFinite(savedAt) && Array.isArray(reservations)
    ? { userId, savedAt: savedAt as number, reservations }
    : null;
}

const parsers: { [K in JsonKey]: (value: unknown) => JsonValues[K] | null } = {
  user: toUser,
  oauth_user: toUser,
  currentUserDisplayInfo: toDisplayInfo,
  cooldowns: toCooldowns,
  pendingPhoneCode: toPendingPhoneCode,
  lastHistorySync: toLastHistorySync,
};

export const storage = {
  getString(key: StringKey): string | null {
    const value = rawGet(key);
    return value === null || value === "" ? null : value;
  },
  setString(key: StringKey, value: string): void {
    rawSet(key, value);
  },
  getJson<K extends JsonKey>(key: K): JsonValues[K] | null {
    const raw = rawGet(key);
    if (raw === null) return null;
    try {
      return parsers[key](JSON.parse(raw));
    } catch {
      return null;
    }
  },
  setJson<K extends JsonKey>(key: K, value: JsonValues[K]): void {
    rawSet(key, JSON.stringify(value));
  },
  remove(key: StringKey | JsonKey): void {
    rawRemove(key);
  },
  clearSession(): void {
    for (const key of SESSION_KEYS) rawRemove(key);
  },
  /** Exposed for the user parser's rules (id or uid) when a response carries a user. */
  parseUser: toUser,
};
