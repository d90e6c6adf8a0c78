import { sql, type Transaction } from "kysely";
import { ACTIVE_RESERVATION_STATUSES } from "@tavolo/shared/reservations";
import type { DB } from "../../db/schema";
import { releaseCooldownsOf } from "../auth/codes.repository";

/**
 * The writes of an account deletion (decision 021), each on the deletion's transaction. The order
 * matters only for `lockUserForDeletion`, which comes first.
 */

/**
 * Locks the user row until the deletion commits. A booking, favorite or alert written by the same
 * user meanwhile holds a key-share lock on that row through its foreign key: the deletion waits for
 * it to commit and then sees it (and cancels or deletes it), or it waits for the deletion and fails
 * on the foreign key (answered 401). A second deletion waits here and finds no row.
 */
export function lockUserForDeletion(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom("users")
    .select(["id", "email", "phone_number", "language", "password_hash", "auth_provider"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Live bookings (tables and Last Minute seats) whose seating has not started. */
export function upcomingLiveReservations(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom("reservations")
    .select(["id", "restaurant_id", "offer_id"])
    .where("user_id", "=", userId)
    .where("status", "in", ACTIVE_RESERVATION_STATUSES)
    .where("starts_at", ">", sql<Date>`now()`)
    .execute();
}

/**
 * Sessions (their refresh tokens go with them), codes and links. Links bound to the address but to
 * no user (a reset asked for the address before it had an account) go too.
 */
export async function deleteSessionsAndSecrets(trx: Transaction<DB>, userId: string, email: string): Promise<void> {
  await trx.deleteFrom("auth_sessions").where("user_id", "=", userId).execute();
  await trx.deleteFrom("one_time_codes").where("user_id", "=", userId).execute();
  await trx
    .deleteFrom("action_tokens")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(target)`, "=", email.toLowerCase())]))
    .execute();
  // Cooldowns are keyed "purpose:address" or "purpose:user id", each matched whole.
  await releaseCooldownsOf(trx, email);
  await releaseCooldownsOf(trx, userId);
}

export async function deletePreferencesAndRecords(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.deleteFrom("favorites").where("user_id", "=", userId).execute();
  await trx.deleteFrom("notification_settings").where("user_id", "=", userId).execute();
  await trx.deleteFrom("city_interests").where("user_id", "=", userId).execute();
  await trx.deleteFrom("idempotency_keys").where("user_id", "=", userId).execute();
}

/**
 * Every message written for the person, pending or sent, mail or text, whatever address it went to
 * (the notice an e-mail change sends to the old address, the link sent to the new one). By the
 * account only: an address, let alone a part of one, can name someone else's mail (decision 034).
 */
export async function deleteMailOf(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.deleteFrom("mail_outbox").where("user_id", "=", userId).execute();
}

export async function deleteUserRow(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.deleteFrom("users").where("id", "=", userId).execute();
}
