import {
  sql,
  type Compilable,
  type Expression,
  type InferResult,
  type Kysely,
  type QueryCreator,
  type Transaction,
} from "kysely";
import { compiledOnce } from "../../db/compiled-once";
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
 * A key claimed with its answer already written (as JSON), for a write done as one statement
 * (decision 074): a plain INSERT. A request sharing the key with one still running waits here on the primary key
 * until that one ends. Rolled back: the key is this request's. Committed: this raises 23505 on
 * `IDEMPOTENCY_KEY_TAKEN`, the whole statement is undone, and the caller reads the stored answer.
 */
export function keyWithAnswerInsert(
  query: QueryCreator<DB>,
  scope: IdempotencyScope,
  answer: { requestHash: string; statusCode: number; response: string },
) {
  return query
    .insertInto("idempotency_keys")
    .values({
      user_id: scope.userId,
      operation: scope.operation,
      key: scope.key,
      request_hash: answer.requestHash,
      status_code: answer.statusCode,
      response: answer.response,
    })
    .returning(sql<number>`1`.as("claimed"));
}

/**
 * The same claim, made once for each row of `source`, a CTE of the caller's statement, with an answer
 * that statement completes (an offer's seats left, decision 074): no row there, no claim.
 */
export function keyWithAnswerFor(
  query: QueryCreator<DB>,
  source: string,
  scope: IdempotencyScope,
  answer: { requestHash: string; statusCode: number; response: Expression<unknown> },
) {
  return query
    .insertInto("idempotency_keys")
    .columns(["user_id", "operation", "key", "request_hash", "status_code", "response"])
    .expression(
      sql`SELECT ${scope.userId}::uuid, ${scope.operation}::text, ${scope.key}::text, ${answer.requestHash}::text,
        ${answer.statusCode}::integer, ${answer.response} FROM ${sql.table(source)}`,
    )
    .returning(sql<number>`1`.as("claimed"));
}

/** The parameters a booking's first read names its diner and key by (null: no key). */
export interface DinerAndKeyParams {
  userId: string;
  operation: string | null;
  key: string | null;
}

/**
 * A booking's first read, built and compiled once per process (decision 068) from `build`, which
 * starts with `dinerWithStoredAnswer`: called with the request's ids and its key (none: NULLs, which
 * match no stored key), it answers the one row, or undefined when the diner is gone.
 */
export function bookingFirstRead<P extends DinerAndKeyParams, Q extends Compilable<unknown>>(
  build: (db: Db, param: <K extends keyof P & string>(name: K) => P[K]) => Q,
) {
  const statement = compiledOnce<P, InferResult<Q>[number]>(
    (db, param) => build(db, param) as Compilable<InferResult<Q>[number]>,
  );
  return async (db: Db, request: Omit<P, "operation" | "key"> & { key: IdempotencyScope | undefined }) => {
    const { key, ...ids } = request;
    const [row] = await statement(db, {
      ...ids,
      operation: key?.operation ?? null,
      key: key?.key ?? null,
    } as unknown as P);
    return row;
  };
}
/**
 * The start of a booking's first read (decision 074): the diner, what its mails need of them, and
 * the answer the key already has (none without a key: NULLs match no row). Undefined: no diner.
 */
export function dinerWithStoredAnswer(
  db: Db,
  param: <K extends keyof DinerAndKeyParams>(name: K) => DinerAndKeyParams[K],
) {
  return db
    .selectFrom("users as u")
    .leftJoin("idempotency_keys as k", (join) =>
      join
        .onRef("k.user_id", "=", "u.id")
        .on("k.operation", "=", sql<string>`${param("operation")}::text`)
        .on("k.key", "=", sql<string>`${param("key")}::text`),
    )
    .select([
      "u.email as user_email",
      "u.language as user_language",
      "u.first_name as user_first_name",
      "u.display_name as user_display_name",
      "k.request_hash as stored_request_hash",
      "k.status_code as stored_status_code",
      "k.response as stored_response",
    ])
    .where("u.id", "=", param("userId"));
}

/**
 * The key and the answer a one-statement write claims it with, as that statement's parameters
 * (decisions 074, 075); without a key they are empty and the statement's unkeyed shape ignores them.
 */
export interface KeyedAnswerValues {
  keyOperation: string;
  key: string;
  requestHash: string;
  statusCode: number;
  /** The answer as JSON. */
  response: string;
}

/** The constraint a second use of a key runs into. */
export const IDEMPOTENCY_KEY_TAKEN = "idempotency_keys_pkey";

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

/** Keys are a retry window, not a record: a day after use they are forgotten and may be reused. */
export async function purgeOldIdempotencyKeys(db: Db): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", sql<Date>`now() - interval '1 day'`)
    .execute();
}
