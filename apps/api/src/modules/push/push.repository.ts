import { sql, type Kysely, type QueryCreator } from "kysely";
import type { PushKind, PushPayload } from "@tavolo/shared/push";
import type { DB } from "../../db/schema";

/** The push module's tables (decision 045): push_subscriptions and push_outbox. Nobody else writes them. */
type Db = Kysely<DB>;

export interface NewSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Serialises the subscription writes of one diner, so two browsers subscribing at once cannot both
 * pass the count of MAX_PUSH_SUBSCRIPTIONS (transaction-scoped advisory lock, released at commit).
 */
export async function lockDinerSubscriptions(trx: Db, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`push:${userId}`}, 0))`.execute(trx);
}

/** The diner's subscriptions other than `endpoint` (a renewal of one browser never counts twice). */
export async function countOtherSubscriptions(db: Db, userId: string, endpoint: string): Promise<number> {
  const row = await db
    .selectFrom("push_subscriptions")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("endpoint", "<>", endpoint)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Stores a browser's subscription. The endpoint names one browser: subscribing it again (new keys,
 * or another diner now signed in on it) replaces the stored one, so a browser is never pushed twice
 * or to the diner who signed out of it.
 */
export async function upsertSubscription(db: Db, sub: NewSubscription): Promise<void> {
  await db
    .insertInto("push_subscriptions")
    .values({ user_id: sub.userId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth })
    .onConflict((conflict) =>
      conflict.column("endpoint").doUpdateSet({ user_id: sub.userId, p256dh: sub.p256dh, auth: sub.auth }),
    )
    .execute();
}

/** Removes one of the diner's subscriptions; false when the diner had none with that endpoint. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A push service said the subscription is gone (404/410): it and its queued pushes go. */
export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

/** Account deletion (decision 021): every browser of the diner, with what was queued for them. */
export async function deleteDinerSubscriptions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
}

/** The data export: which browsers receive the diner's pushes (the endpoint's origin, not its secret path). */
export async function listDinerSubscriptions(db: Db, userId: string) {
  return db
    .selectFrom("push_subscriptions")
    .select(["endpoint", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

const KIND_SWITCH = {
  hold: "push_holds",
  reminder: "push_reminders",
  booking: "push_bookings",
  alert: "push_alerts",
} as const satisfies Record<PushKind, string>;

/** What queuing a push writes besides its browser: the kind fixes which switch of the diner's it obeys. */
export interface PushQueueValues {
  /** The payload as JSON. */
  payload: string;
  ttlSeconds: number;
  leaseMs: number;
}

/**
 * The INSERT that queues a push of `kind` for each browser of every diner in `source` (a CTE of
 * the caller's statement with a `user_id` column), unless the diner switched the kind off (no
 * settings row: every kind on). `leaseMs`: the queuing process sends them at once and owns them that
 * long; should it die first, they fall due for any process's worker. A push exists only if the
 * write it reports happened (a move, decision 075).
 */
export function pushInsertFor(query: QueryCreator<DB>, source: string, kind: PushKind, values: PushQueueValues) {
  return query
    .insertInto("push_outbox")
    .columns(["subscription_id", "kind", "payload", "ttl_seconds", "next_attempt_at"])
    .expression(
      sql`SELECT s.id, ${kind}::text, ${values.payload}::jsonb, ${values.ttlSeconds}::integer,
             now() + ${values.leaseMs} * interval '1 millisecond'
      FROM ${sql.table(source)} AS src
      JOIN push_subscriptions s ON s.user_id = src.user_id
      LEFT JOIN notification_settings ns ON ns.user_id = s.user_id
      WHERE COALESCE(${sql.ref(`ns.${KIND_SWITCH[kind]}`)}, true)`,
    )
    .returning(["id", "subscription_id", "payload", "ttl_seconds", "kind", "attempts"]);
}

/** What sending a queued push needs: the row, and its browser's endpoint and keys. */
const queuedWithEndpoint = (queued: string) =>
  sql<QueuedPush>`SELECT q.id, q.subscription_id, q.payload, q.ttl_seconds, q.kind, q.attempts, s.endpoint, s.p256dh, s.auth
    FROM ${sql.table(queued)} q JOIN push_subscriptions s ON s.id = q.subscription_id`;

/**
 * The pushes `pushInsertFor` queued in the caller's statement, as one JSON array column (a
 * statement answers one row set; its own rows are another write's).
 */
export const queuedPushesJson = (queued: string) =>
  sql<QueuedPush[]>`(SELECT COALESCE(json_agg(p), '[]'::json) FROM (${queuedWithEndpoint(queued)}) p)`;

/** Queues `payload` for each of the diner's browsers (`pushInsertFor`), in a statement of its own. */
export async function queuePushes(
  db: Db,
  input: { userId: string; kind: PushKind; payload: PushPayload; ttlSeconds: number; leaseMs: number },
): Promise<QueuedPush[]> {
  const values = { payload: JSON.stringify(input.payload), ttlSeconds: input.ttlSeconds, leaseMs: input.leaseMs };
  return db
    .with("diner", (query) => query.selectNoFrom(sql<string>`${input.userId}::uuid`.as("user_id")))
    .with("queued", (query) => pushInsertFor(query, "diner", input.kind, values))
    .selectFrom(sql<QueuedPush>`(${queuedWithEndpoint("queued")})`.as("q"))
    .selectAll()
    .execute() as Promise<QueuedPush[]>;
}

export interface QueuedPush {
  id: number;
  subscription_id: string;
  kind: PushKind;
  payload: PushPayload;
  ttl_seconds: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Takes up to `limit` due pushes for this process, moving their next_attempt_at `leaseMs` ahead in
 * the same statement; rows another process is taking are skipped (SKIP LOCKED), so each push has one
 * sender at a time however many processes poll.
 */
export async function claimDuePushes(db: Db, limit: number, leaseMs: number): Promise<QueuedPush[]> {
  const result = await sql<QueuedPush>`
    WITH claimed AS (
      UPDATE push_outbox SET next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
      WHERE id IN (
        SELECT id FROM push_outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, subscription_id, payload, ttl_seconds, kind, attempts)
    SELECT c.id, c.subscription_id, c.payload, c.ttl_seconds, c.kind, c.attempts, s.endpoint, s.p256dh, s.auth
    FROM claimed c JOIN push_subscriptions s ON s.id = c.subscription_id`.execute(db);
  return result.rows;
}

/** A push service took the message (201): it is kept only as a record, without its text. */
export async function markPushSent(db: Db, id: number): Promise<void> {
  await db
    .updateTable("push_outbox")
    .set((eb) => ({
      sent_at: sql<Date>`now()`,
      attempts: eb("attempts", "+", 1),
      next_attempt_at: null,
      last_error: null,
      payload: "{}",
    }))
    .where("id", "=", id)
    .execute();
}

/**
 * A failed attempt: due again after the backoff (doubling, capped, at least `retryAfterMs` when the
 * service said so), or given up at once when `permanent`, or after the last attempt.
 */
export async function markPushFailed(
  db: Db,
  id: number,
  failure: { error: string; permanent: boolean; retryAfterMs: number },
  schedule: { firstDelayMs: number; maxDelayMs: number; maxAttempts: number },
): Promise<{ givenUp: boolean }> {
  const result = await sql<{ given_up: boolean }>`
    UPDATE push_outbox SET
      attempts = attempts + 1,
      last_error = ${failure.error.slice(0, 500)},
      failed_at = CASE WHEN ${failure.permanent}::boolean OR attempts + 1 >= ${schedule.maxAttempts} THEN now() END,
      next_attempt_at = CASE WHEN NOT ${failure.permanent}::boolean AND attempts + 1 < ${schedule.maxAttempts}
        THEN now() + greatest(least(${schedule.firstDelayMs}::float8 * 2 ^ attempts, ${schedule.maxDelayMs}::float8),
                              ${failure.retryAfterMs}::float8) * interval '1 millisecond' END
    WHERE id = ${id} AND sent_at IS NULL
    RETURNING failed_at IS NOT NULL AS given_up`.execute(db);
  return { givenUp: result.rows[0]?.given_up ?? false };
}

/** What the push outbox holds for a subscription (tests, the bench). */
export function listPushes(db: Db) {
  return db
    .selectFrom("push_outbox")
    .select(["id", "subscription_id", "kind", "attempts", "sent_at", "failed_at", "last_error", "next_attempt_at"])
    .orderBy("id")
    .execute();
}
