import { sql, type Kysely, type Transaction } from "kysely";
import type { NotificationSettings } from "@tavolo/shared/account";
import { DEFAULT_NOTIFICATION_SETTINGS } from "@tavolo/shared/account";
import type { DB } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/** The unique index that keeps a verified number to one account (migration 004). */
export const VERIFIED_PHONE_INDEX = "users_verified_phone_idx";

/** True when another account has already proved this number. */
export async function phoneVerifiedByOther(db: Db, phoneNumber: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("phone_number", "=", phoneNumber)
    .where("phone_verified", "=", true)
    .where("id", "<>", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The number a user's newest live phone code was sent to. */
export async function pendingPhoneCodeTarget(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("one_time_codes")
    .select("target")
    .where("user_id", "=", userId)
    .where("purpose", "=", "phone_verification")
    .where("consumed_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row?.target;
}

/** Voids every phone code of a user: only the newest request may be answered. */
export async function deletePhoneCodes(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom("one_time_codes")
    .where("user_id", "=", userId)
    .where("purpose", "=", "phone_verification")
    .execute();
}

/** Sets a proved number; the unique index refuses it if another account proved it meanwhile. */
export function setVerifiedPhone(db: Db, userId: string, phoneNumber: string) {
  return db
    .updateTable("users")
    .set({ phone_number: phoneNumber, phone_verified: true, updated_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

const SETTINGS_COLUMNS = [
  "enabled",
  "favorite_restaurants",
  "weekends_only",
  "push_holds",
  "push_reminders",
  "push_bookings",
  "push_alerts",
] as const;
type SettingsRow = Record<(typeof SETTINGS_COLUMNS)[number], boolean>;

const toSettings = (row: SettingsRow): NotificationSettings => ({
  enabled: row.enabled,
  favoriteRestaurants: row.favorite_restaurants,
  weekendsOnly: row.weekends_only,
  pushHolds: row.push_holds,
  pushReminders: row.push_reminders,
  pushBookings: row.push_bookings,
  pushAlerts: row.push_alerts,
});

export async function findNotificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const row = await db
    .selectFrom("notification_settings")
    .select(SETTINGS_COLUMNS)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toSettings(row) : { ...DEFAULT_NOTIFICATION_SETTINGS };
}

/** Stores a user's preferences and answers them as stored. */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const values = {
    enabled: settings.enabled,
    favorite_restaurants: settings.favoriteRestaurants,
    weekends_only: settings.weekendsOnly,
    push_holds: settings.pushHolds,
    push_reminders: settings.pushReminders,
    push_bookings: settings.pushBookings,
    push_alerts: settings.pushAlerts,
  };
  const row = await db
    .insertInto("notification_settings")
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .returning(SETTINGS_COLUMNS)
    .executeTakeFirstOrThrow();
  return toSettings(row);
}
