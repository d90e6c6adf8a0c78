import { sql, type Kysely, type Transaction } from "kysely";
import type { ActionTokenPurpose, DB } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

export interface NewActionToken {
  tokenHash: string;
  purpose: ActionTokenPurpose;
  userId: string | null;
  /** Lower-cased e-mail address the token is bound to, if any. */
  target?: string | null;
  payload?: unknown;
  lifetimeSeconds: number;
}

export async function insertActionToken(db: Db, token: NewActionToken): Promise<void> {
  await db
    .insertInto("action_tokens")
    .values({
      token_hash: token.tokenHash,
      purpose: token.purpose,
      user_id: token.userId,
      target: token.target ?? null,
      payload: token.payload === undefined ? null : JSON.stringify(token.payload),
      expires_at: sql<Date>`now() + make_interval(secs => ${token.lifetimeSeconds})`,
    })
    .execute();
}

/**
 * Uses a token once: only the first caller gets the row, and only before it expires, for the right
 * purpose and (when given) the address it was sent to. A wrong address leaves the token unused.
 */
export function consumeActionToken(
  db: Db,
  lookup: { tokenHash: string; purpose: ActionTokenPurpose; target?: string },
): Promise<{ user_id: string | null; target: string | null; payload: unknown } | undefined> {
  return db
    .updateTable("action_tokens")
    .set({ consumed_at: sql<Date>`now()` })
    .where("token_hash", "=", lookup.tokenHash)
    .where("purpose", "=", lookup.purpose)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .$if(lookup.target !== undefined, (query) => query.where("target", "=", lookup.target ?? null))
    .returning(["user_id", "target", "payload"])
    .executeTakeFirst();
}

/** Whose unused token this is (nothing is spent): lets a caller lock that user before spending it. */
export async function actionTokenUserId(
  db: Db,
  lookup: { tokenHash: string; purpose: ActionTokenPurpose },
): Promise<string | null> {
  const row = await db
    .selectFrom("action_tokens")
    .select("user_id")
    .where("token_hash", "=", lookup.tokenHash)
    .where("purpose", "=", lookup.purpose)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Voids every unused token of a user for one purpose. */
export async function consumeUserTokens(db: Db, userId: string, purpose: ActionTokenPurpose): Promise<void> {
  await db
    .updateTable("action_tokens")
    .set({ consumed_at: sql<Date>`now()` })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumed_at", "is", null)
    .execute();
}
