import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";

/** The reads of the account export (decision 021): all of it, no page limits. */

export function listFavoriteRestaurants(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("favorites as f")
    .innerJoin("restaurants as r", "r.id", "f.restaurant_id")
    .innerJoin("cities as c", "c.id", "r.city_id")
    .select(["r.id", "r.name", "c.name_it", "c.name_en", "f.created_at"])
    .where("f.user_id", "=", userId)
    .orderBy("f.created_at")
    .execute();
}

/** Open sessions; a session is last used when its newest refresh token was issued (every 15 minutes of use). */
export function listOpenSessions(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("auth_sessions as s")
    .leftJoin("refresh_tokens as t", "t.family_id", "s.id")
    .select(["s.id", "s.created_at", sql<Date>`coalesce(max(t.created_at), s.created_at)`.as("last_used_at")])
    .where("s.user_id", "=", userId)
    .where("s.revoked_at", "is", null)
    .groupBy(["s.id", "s.created_at"])
    .orderBy("s.created_at")
    .execute();
}

/**
 * E-mails written for the person in the last `days` days, whatever address they went to: by the
 * account, never by the address, which may have been someone else's before (decision 034). Text
 * messages are not e-mails.
 */
export function listRecentMail(db: Kysely<DB>, userId: string, days: number) {
  return db
    .selectFrom("mail_outbox")
    .select(["subject", "created_at", "sent_at"])
    .where("user_id", "=", userId)
    .where("template", "not like", "sms-%")
    .where("created_at", ">", sql<Date>`now() - make_interval(days => ${days})`)
    .orderBy("id")
    .execute();
}
