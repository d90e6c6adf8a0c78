import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema";
import type { AppError } from "../../errors";
import { keepDiner } from "./holds.repository";
import { lockLine, type LineScope } from "./waitlist.repository";

/**
 * A diner's own answer to their hold or their place in line (confirm, decline, leave), in one
 * transaction: a key share on the diner's row first, then the line's lock, then `work`, which locks
 * the hold or entry. That is an account deletion's order (the diner's row, then their holds and
 * entries), so the two queue instead of deadlocking when the answer's mail, or a hold offered to
 * the same diner for another day, asks for the diner's row (decision 076). `missing`: the refusal
 * when the diner is gone.
 */
export function inDinersLine<T>(
  db: Kysely<DB>,
  request: { userId: string; line: LineScope; missing: () => AppError },
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!(await keepDiner(trx, request.userId))) throw request.missing();
    await lockLine(trx, request.line);
    return work(trx);
  });
}
