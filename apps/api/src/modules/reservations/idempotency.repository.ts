import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

export interface IdempotencyScope {
  userId: string;
  operation: string;
  key: string;
}

export interface StoredAnswer {
  requestHash: string;
  statusCode: number;
  body: unknown;
}

/**
 * Serialises requests that share a key until the transaction ends, so a retry sent while the
 * first request is still running waits for its answer instead of booking a second time.
 */
export async function lockIdempotencyKey(trx: Transaction<DB>, scope: IdempotencyScope): Promise<void> {
  const name = `idempotency:${scope.userId}:${scope.operation}:${scope.key}`;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

export async function findStoredAnswer(db: Db, scope: IdempotencyScope): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom("idempotency_keys")
    .select(["request_hash", "status_code", "response"])
    .where("user_id", "=", scope.userId)
    .where("operation", "=", scope.operation)
    .where("key", "=", scope.key)
    .executeTakeFirst();
  return row && { requestHash: row.request_hash, statusCode: row.status_code, body: row.response };
}

export async function storeAnswer(db: Db, scope: IdempotencyScope, answer: StoredAnswer): Promise<void> {
  await db
    .insertInto("idempotency_keys")
    .values({
      user_id: scope.userId,
      operation: scope.operation,
      key: scope.key,
      request_hash: answer.requestHash,
      status_code: answer.statusCode,
      response: JSON.stringify(answer.body),
    })
    .execute();
}

/** Keys are a retry window, not a record: a day after use they are forgotten and may be reused. */
export async function purgeOldIdempotencyKeys(db: Db): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", sql<Date>`now() - interval '1 day'`)
    .execute();
}
