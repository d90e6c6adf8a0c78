import { sql, type Kysely, type Transaction } from "kysely";
import type { CodePurpose, DB } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

export interface CodeOwner {
  userId: string;
  purpose: CodePurpose;
  /** The lower-cased e-mail address or the phone number the code was sent to. */
  target: string;
}

/** A new code voids the earlier ones of the same owner, purpose and target. */
export async function replaceCode(db: Db, owner: CodeOwner, codeHash: string, lifetimeSeconds: number) {
  await db
    .deleteFrom("one_time_codes")
    .where("user_id", "=", owner.userId)
    .where("purpose", "=", owner.purpose)
    .where("target", "=", owner.target)
    .execute();
  await db
    .insertInto("one_time_codes")
    .values({
      user_id: owner.userId,
      purpose: owner.purpose,
      target: owner.target,
      code_hash: codeHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${lifetimeSeconds})`,
    })
    .execute();
}

/**
 * Spends one try on the live code of an owner, atomically, so parallel guesses cannot exceed the
 * limit. Nothing comes back once the code is used or its tries are spent.
 */
export function spendCodeAttempt(db: Db, owner: CodeOwner, maxAttempts: number) {
  return db
    .updateTable("one_time_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("user_id", "=", owner.userId)
    .where("purpose", "=", owner.purpose)
    .where("target", "=", owner.target)
    .where("consumed_at", "is", null)
    .where("attempts", "<", maxAttempts)
    .returning(["id", "code_hash", sql<boolean>`expires_at <= now()`.as("expired")])
    .executeTakeFirst();
}

export async function consumeCode(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable("one_time_codes")
    .set({ consumed_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Voids every unused code of a user for one purpose, whatever address or number it went to. */
export async function consumeUserCodes(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .updateTable("one_time_codes")
    .set({ consumed_at: sql<Date>`now()` })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumed_at", "is", null)
    .execute();
}

/**
 * Starts a cooldown for `key` unless one is running. Returns 0 when it started, else the seconds
 * left of the running one. Atomic: of two parallel requests only one starts it.
 */
export async function claimCooldown(db: Db, key: string, seconds: number): Promise<number> {
  const started = await db
    .insertInto("send_cooldowns")
    .values({ key, until: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .onConflict((conflict) =>
      conflict
        .column("key")
        .doUpdateSet({ until: (eb) => eb.ref("excluded.until") })
        .where("send_cooldowns.until", "<=", sql<Date>`now()`),
    )
    .returning("key")
    .executeTakeFirst();
  if (started) return 0;
  const running = await db
    .selectFrom("send_cooldowns")
    .select(sql<number>`ceil(extract(epoch from until - now()))`.as("left"))
    .where("key", "=", key)
    .executeTakeFirst();
  return Math.max(1, Number(running?.left ?? 1));
}

/** Releases a cooldown early (a message that could not be sent must not make the user wait). */
export async function releaseCooldown(db: Db, key: string): Promise<void> {
  await db.deleteFrom("send_cooldowns").where("key", "=", key).execute();
}

/**
 * Ends every cooldown of one subject, an address or a user id (keys are "purpose:subject"), matched
 * whole (no LIKE: `_` and `%` are legal in addresses). For an address that leaves its account (a
 * change) and for everything of a deleted one.
 */
export async function releaseCooldownsOf(db: Db, subject: string): Promise<void> {
  const suffix = `:${subject.toLowerCase()}`;
  await db
    .deleteFrom("send_cooldowns")
    .where(sql<string>`right(key, ${suffix.length})`, "=", suffix)
    .execute();
}
