import { sql, type Kysely, type Transaction } from "kysely";
import type { DB, SessionRevokeReason } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

export async function insertSession(db: Db, userId: string): Promise<string> {
  const row = await db
    .insertInto("auth_sessions")
    .values({ user_id: userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRefreshToken(
  db: Db,
  token: { id: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("refresh_tokens")
    .values({ id: token.id, family_id: token.familyId, token_hash: token.tokenHash, expires_at: token.expiresAt })
    .execute();
}

/**
 * Retires a live token in favour of its successor, atomically: of two requests presenting the same
 * token only one gets a row back. The session must still be open.
 */
export function rotateRefreshToken(
  db: Db,
  tokenHash: string,
  successorId: string,
): Promise<{ family_id: string; user_id: string } | undefined> {
  return db
    .updateTable("refresh_tokens as t")
    .from("auth_sessions as s")
    .set({ revoked_at: sql<Date>`now()`, replaced_by: successorId })
    .whereRef("s.id", "=", "t.family_id")
    .where("t.token_hash", "=", tokenHash)
    .where("t.revoked_at", "is", null)
    .where("t.expires_at", ">", sql<Date>`now()`)
    .where("s.revoked_at", "is", null)
    .returning(["t.family_id", "s.user_id"])
    .executeTakeFirst();
}

/**
 * The family of a token rotated at most `graceSeconds` ago whose session is still open: the
 * retry of a refresh whose answer was lost, or a second tab that read the token just before the
 * first one rotated it. Such a replay is not theft.
 */
export function findRecentlyRotated(
  db: Db,
  tokenHash: string,
  graceSeconds: number,
): Promise<{ family_id: string; user_id: string } | undefined> {
  return db
    .selectFrom("refresh_tokens as t")
    .innerJoin("auth_sessions as s", "s.id", "t.family_id")
    .select(["t.family_id", "s.user_id"])
    .where("t.token_hash", "=", tokenHash)
    .where("t.replaced_by", "is not", null)
    .where("t.revoked_at", ">", sql<Date>`now() - make_interval(secs => ${graceSeconds})`)
    .where("t.expires_at", ">", sql<Date>`now()`)
    .where("s.revoked_at", "is", null)
    .executeTakeFirst();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom("refresh_tokens")
    .select(["family_id", "replaced_by", "revoked_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Ends one session: the family and every token in it. */
export function revokeSession(db: Db, sessionId: string, reason: SessionRevokeReason): Promise<void> {
  return revokeSessions(db, { sessionId }, reason);
}

/**
 * Ends every open session of a user (password reset, account secured), or every one but
 * `exceptSessionId` (a password change keeps the session that asked for it).
 */
export function revokeUserSessions(
  db: Db,
  userId: string,
  reason: SessionRevokeReason,
  exceptSessionId?: string,
): Promise<void> {
  return revokeSessions(db, { userId, exceptSessionId }, reason);
}

async function revokeSessions(
  db: Db,
  which: { sessionId?: string; userId?: string; exceptSessionId?: string | undefined },
  reason: SessionRevokeReason,
) {
  let sessionsToEnd = db
    .updateTable("auth_sessions")
    .set({ revoked_at: sql<Date>`now()`, revoke_reason: reason })
    .where("revoked_at", "is", null);
  if (which.sessionId) sessionsToEnd = sessionsToEnd.where("id", "=", which.sessionId);
  if (which.userId) sessionsToEnd = sessionsToEnd.where("user_id", "=", which.userId);
  if (which.exceptSessionId) sessionsToEnd = sessionsToEnd.where("id", "<>", which.exceptSessionId);
  const sessions = await sessionsToEnd.returning("id").execute();
  if (sessions.length === 0) return;
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: sql<Date>`now()` })
    .where(
      "family_id",
      "in",
      sessions.map((session) => session.id),
    )
    .where("revoked_at", "is", null)
    .execute();
}

export async function isSessionOpen(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("auth_sessions")
    .select("id")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}
