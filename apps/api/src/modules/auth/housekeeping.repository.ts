import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";

/**
 * Deletes what can no longer be used: expired codes, tokens and cooldowns (a day late, so a
 * replayed refresh token shortly after expiry is still recognised), sessions ended a month ago,
 * and the record of a deleted account's confirmation mail (a hash of the address) a month after it
 * left or was given up (decision 021).
 */
export async function purgeExpiredSecrets(db: Kysely<DB>): Promise<void> {
  const dayAgo = sql<Date>`now() - interval '1 day'`;
  await db.deleteFrom("one_time_codes").where("expires_at", "<", dayAgo).execute();
  await db.deleteFrom("action_tokens").where("expires_at", "<", dayAgo).execute();
  await db.deleteFrom("refresh_tokens").where("expires_at", "<", dayAgo).execute();
  await db
    .deleteFrom("send_cooldowns")
    .where("until", "<", sql<Date>`now()`)
    .execute();
  await db
    .deleteFrom("auth_sessions")
    .where("revoked_at", "<", sql<Date>`now() - interval '30 days'`)
    .execute();
  await db
    .deleteFrom("mail_outbox")
    .where("forget_recipient_when_sent", "=", true)
    .where(sql<Date>`coalesce(sent_at, failed_at)`, "<", sql<Date>`now() - interval '30 days'`)
    .execute();
}
