import { sql, type Kysely, type Transaction } from "kysely";
import type { ActionTokenPurpose, DB } from "../../db/schema";

/** The reminders module's table (decision 046): reservation_reminders. Nobody else writes it. */
type Db = Kysely<DB> | Transaction<DB>;

export interface ReminderTiming {
  leadMinutes: number;
  minNoticeMinutes: number;
}

/**
 * Takes up to `limit` live bookings whose reminder is due and not yet sent, locking them for this
 * transaction, with a key share on each diner's row, which its mail's foreign key needs; bookings
 * another process is taking are skipped (FOR UPDATE SKIP LOCKED), and so are those of a diner whose
 * account is being deleted (the deletion locks the diner, then the bookings: waiting for it while
 * holding a booking deadlocks, decision 076); the next pass finds them if the diner stays. Due: the
 * start is within the lead and still ahead, and the booking was made before its reminder time, or
 * later but more than the minimum notice before its start.
 */
export async function lockDueReminders(trx: Transaction<DB>, timing: ReminderTiming, limit: number): Promise<string[]> {
  const result = await sql<{ id: string }>`
    SELECT r.id FROM reservations r
    JOIN users u ON u.id = r.user_id
    WHERE r.status IN ('pending', 'confirmed')
      AND r.starts_at > now()
      AND r.starts_at <= now() + ${timing.leadMinutes} * interval '1 minute'
      AND (r.created_at <= r.starts_at - ${timing.leadMinutes} * interval '1 minute'
           OR r.starts_at - r.created_at > ${timing.minNoticeMinutes} * interval '1 minute')
      AND NOT EXISTS (SELECT 1 FROM reservation_reminders rr WHERE rr.reservation_id = r.id)
    ORDER BY r.starts_at
    LIMIT ${limit}
    FOR UPDATE OF r SKIP LOCKED
    FOR KEY SHARE OF u SKIP LOCKED`.execute(trx);
  return result.rows.map((row) => row.id);
}

/**
 * Records a reminder as sent; false when it already was. The primary key is what makes a reminder
 * go out once: a process whose snapshot missed another's commit still cannot insert it again.
 */
export async function recordReminder(trx: Transaction<DB>, reservationId: string): Promise<boolean> {
  const inserted = await trx
    .insertInto("reservation_reminders")
    .values({ reservation_id: reservationId })
    .onConflict((conflict) => conflict.column("reservation_id").doNothing())
    .returning("reservation_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** "Ci sarò": recorded once (the first time stands). */
export async function markAttending(db: Db, reservationId: string): Promise<void> {
  await db
    .updateTable("reservation_reminders")
    .set({ attended_at: sql<Date>`coalesce(attended_at, now())` })
    .where("reservation_id", "=", reservationId)
    .execute();
}

export async function isAttending(db: Db, reservationId: string): Promise<boolean> {
  const row = await db
    .selectFrom("reservation_reminders")
    .select("attended_at")
    .where("reservation_id", "=", reservationId)
    .executeTakeFirst();
  return Boolean(row?.attended_at);
}

export const REMINDER_PURPOSES = {
  attend: "reminder_attend",
  release: "reminder_release",
} as const satisfies Record<string, ActionTokenPurpose>;

/** An unused, unexpired reminder link: whose and which booking; nothing is spent. */
export async function findLiveLink(db: Db, tokenHash: string) {
  return db
    .selectFrom("action_tokens")
    .select(["purpose", "user_id", "target", "consumed_at", sql<boolean>`expires_at <= now()`.as("expired")])
    .where("token_hash", "=", tokenHash)
    .where("purpose", "in", [REMINDER_PURPOSES.attend, REMINDER_PURPOSES.release])
    .executeTakeFirst();
}

/** Spends a link: only the first caller gets true. */
export async function spendLink(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db
    .updateTable("action_tokens")
    .set({ consumed_at: sql<Date>`now()` })
    .where("token_hash", "=", tokenHash)
    .where("purpose", "in", [REMINDER_PURPOSES.attend, REMINDER_PURPOSES.release])
    .where("consumed_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** A release that could not be done gives its link back, so the diner can try again. */
export async function unspendLink(db: Db, tokenHash: string): Promise<void> {
  await db.updateTable("action_tokens").set({ consumed_at: null }).where("token_hash", "=", tokenHash).execute();
}

/** Every reminder link of a booking, once it is released: none can act on it any more. */
export async function spendBookingLinks(db: Db, reservationId: string): Promise<void> {
  await db
    .updateTable("action_tokens")
    .set({ consumed_at: sql<Date>`now()` })
    .where("target", "=", reservationId)
    .where("purpose", "in", [REMINDER_PURPOSES.attend, REMINDER_PURPOSES.release])
    .where("consumed_at", "is", null)
    .execute();
}
