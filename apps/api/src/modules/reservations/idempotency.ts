import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors";
import { canonicalJson } from "../../http/canonical-json";
import { isUniqueViolation } from "../../db/postgres-errors";
import {
  findStoredAnswer,
  IDEMPOTENCY_KEY_TAKEN,
  type IdempotencyScope,
  type KeyedAnswerValues,
  type StoredAnswer,
} from "./idempotency.repository";

/** An HTTP answer as the routes send it and as a retry gets it back (a status its route documents). */
export interface Answer<T, Status extends number = number> {
  statusCode: Status;
  body: T;
}

export const requestFingerprint = (request: unknown) =>
  createHash("sha256").update(canonicalJson(request)).digest("base64url");

/**
 * A key's stored answer given again to a retry of the same request; the same key with another
 * request is a 422. What was stored is exactly what was answered then, as JSON.
 */
export function replayOf<T, Status extends number>(
  stored: StoredAnswer,
  requestHash: string,
): Answer<T, Status> & { replayed: true } {
  if (stored.requestHash !== requestHash) {
    throw new AppError(422, "idempotency_key_reused", "apiErrors.idempotencyKeyReused");
  }
  return { statusCode: stored.statusCode as Status, body: stored.body as T, replayed: true };
}

/** What a booking's first read holds of its key (decision 074): the answer stored for it, if any. */
export interface StoredAnswerColumns {
  stored_request_hash: string | null;
  stored_status_code: number | null;
  stored_response: unknown;
}

/** The stored answer a booking's first read found, replayed (or a 422 for another request); else undefined. */
export function replayOfStored<T, Status extends number>(
  read: StoredAnswerColumns,
  requestHash: string,
): (Answer<T, Status> & { replayed: true }) | undefined {
  if (read.stored_request_hash === null) return undefined;
  const stored = {
    requestHash: read.stored_request_hash,
    statusCode: read.stored_status_code!,
    body: read.stored_response,
  };
  return replayOf<T, Status>(stored, requestHash);
}

/** The key and answer a one-statement write stores, as its parameters (`KeyedAnswerValues`). */
export const keyedAnswerValues = (
  key: IdempotencyScope | undefined,
  requestHash: string,
  answer: Answer<unknown>,
): KeyedAnswerValues => ({
  keyOperation: key?.operation ?? "",
  key: key?.key ?? "",
  requestHash,
  statusCode: answer.statusCode,
  response: JSON.stringify(answer.body),
});

/**
 * A one-statement write refused because a request with the same key committed first (23505 on the
 * key, decision 074): that request's answer, replayed. Any other error is thrown again.
 */
export async function replayIfKeyTaken<T, Status extends number>(
  db: Kysely<DB>,
  error: unknown,
  key: IdempotencyScope | undefined,
  requestHash: string,
): Promise<Answer<T, Status> & { replayed: true }> {
  const earlier = key && isUniqueViolation(error, IDEMPOTENCY_KEY_TAKEN) && (await findStoredAnswer(db, key));
  if (!earlier) throw error;
  return replayOf<T, Status>(earlier, requestHash);
}

/**
 * Sends an idempotent write's answer. A replay says so (`Idempotent-Replayed: true`) and changed
 * nothing; a fresh write runs `changed` (each booking write clears the caches that showed tables
 * or seats free).
 */
export function sendIdempotentAnswer<T>(
  reply: FastifyReply,
  answer: Answer<T> & { replayed: boolean },
  changed: () => void,
) {
  if (answer.replayed) void reply.header("idempotent-replayed", "true");
  else changed();
  return reply.code(answer.statusCode).send(answer.body);
}
