import { sql, type Kysely, type Transaction } from "kysely";
import type { Language } from "@tavolo/shared/languages";
import type { DB } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What the waitlist reads of its holds (decision 029), and the links that go with them. The hold
 * rows and the offer seats they take are written by the reservations module alone, the seats
 * through the offers module (decision 034).
 */

/** The offer of a line, locked: its seats are counted by this transaction alone until it ends. */
export function lockOffer(trx: Transaction<DB>, offerId: string) {
  return trx
    .selectFrom("offers")
    .select([
      "id",
      "restaurant_id",
      "available_seats",
      "starts_at",
      "ends_at",
      "book_until_at",
      sql<boolean>`book_until_at > now()`.as("open"),
    ])
    .where("id", "=", offerId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A key share on the diner's row until the transaction ends, taken before any of their holds or
 * bookings: an account deletion locks that row first, then their holds, so a write whose mail's
 * foreign key would ask for the row only later deadlocks with it (decision 076). False: no diner.
 */
export async function keepDiner(trx: Transaction<DB>, userId: string): Promise<boolean> {
  const row = await trx.selectFrom("users").select("id").where("id", "=", userId).forKeyShare().executeTakeFirst();
  return row !== undefined;
}

/**
 * A hold as confirm, decline and the expiry worker read it, locked: one answer to a hold at a time.
 * The worker (`skipLocked`) also takes a key share on the diner's row, in an account deletion's order
 * (decision 076): it may offer the same diner another hold before it commits. A hold whose diner is
 * being deleted is skipped; the deletion releases it.
 */
export function lockHold(trx: Transaction<DB>, id: string, options: { skipLocked?: boolean } = {}) {
  const query = trx
    .selectFrom("reservations as h")
    .innerJoin("users as u", "u.id", "h.user_id")
    .innerJoin("restaurants as r", "r.id", "h.restaurant_id")
    .leftJoin("waitlist_entries as e", "e.id", "h.waitlist_entry_id")
    .select([
      "h.id",
      "h.user_id",
      "h.restaurant_id",
      "h.offer_id",
      "h.status",
      "h.party_size",
      "h.waitlist_entry_id",
      "e.status as entry_status",
      "e.wanted_date",
      "r.auto_confirm",
      sql<boolean>`h.status = 'held' AND h.hold_expires_at <= now()`.as("expired"),
    ])
    .where("h.id", "=", id)
    .where("h.waitlist_entry_id", "is not", null)
    .forUpdate("h");
  return (
    options.skipLocked ? query.skipLocked().modifyEnd(sql`for key share of "u" skip locked`) : query
  ).executeTakeFirst();
}

/** Where a hold is (no lock): which line to lock before touching it. */
export function findHoldLine(db: Db, id: string) {
  return db
    .selectFrom("reservations")
    .select(["restaurant_id", "offer_id"])
    .where("id", "=", id)
    .where("waitlist_entry_id", "is not", null)
    .executeTakeFirst();
}

/** Holds whose time is up, oldest first, for the expiry worker. */
export async function dueHolds(db: Db, limit: number) {
  return db
    .selectFrom("reservations")
    .select(["id", "restaurant_id", "offer_id"])
    .where("status", "=", "held")
    .where("hold_expires_at", "<=", sql<Date>`now()`)
    .orderBy("hold_expires_at")
    .limit(limit)
    .execute();
}

/** Who a hold mail goes to, in which language. */
export interface HoldRecipientRow {
  email: string;
  language: Language;
  first_name: string;
  display_name: string;
}

export function findRecipient(db: Db, userId: string): Promise<HoldRecipientRow | undefined> {
  return db
    .selectFrom("users")
    .select(["email", "language", "first_name", "display_name"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** The one-tap link of a hold mail: single use, expiring exactly with the hold. */
export async function insertHoldLinkToken(
  trx: Transaction<DB>,
  token: { tokenHash: string; userId: string; holdId: string; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto("action_tokens")
    .values({
      token_hash: token.tokenHash,
      purpose: "hold_confirm",
      user_id: token.userId,
      target: token.holdId,
      payload: null,
      expires_at: token.expiresAt,
    })
    .execute();
}

/**
 * A hold link by its hash, used or not: what it names, whether it may still be used, and whether a
 * spent one may still repeat its answer (spent within `repeatMinutes` and not expired, decision 035).
 */
export function findHoldLinkToken(db: Db, tokenHash: string, repeatMinutes: number) {
  return db
    .selectFrom("action_tokens")
    .select([
      "user_id",
      "target",
      sql<boolean>`consumed_at IS NULL AND expires_at > now()`.as("usable"),
      sql<boolean>`expires_at > now() AND consumed_at > now() - make_interval(mins => ${repeatMinutes})`.as(
        "repeatable",
      ),
    ])
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", "hold_confirm")
    .executeTakeFirst();
}

/** Spends every link of a hold once it has been answered. */
export async function spendHoldLinks(trx: Transaction<DB>, holdId: string): Promise<void> {
  await trx
    .updateTable("action_tokens")
    .set({ consumed_at: sql<Date>`now()` })
    .where("purpose", "=", "hold_confirm")
    .where("target", "=", holdId)
    .where("consumed_at", "is", null)
    .execute();
}

/** A hold's status and its entry's, without a lock (what a spent link is told). */
export function findHoldState(db: Db, id: string) {
  return db
    .selectFrom("reservations as h")
    .leftJoin("waitlist_entries as e", "e.id", "h.waitlist_entry_id")
    .select(["h.status", "e.status as entry_status"])
    .where("h.id", "=", id)
    .executeTakeFirst();
}

/** A hold still offered, as its mail's link page shows it: restaurant, seating, party, deadline. */
export function findHeldHoldView(db: Db, id: string) {
  return db
    .selectFrom("reservations as h")
    .innerJoin("restaurants as r", "r.id", "h.restaurant_id")
    .leftJoin("restaurant_tables as t", "t.id", "h.table_id")
    .select([
      "h.id",
      "h.restaurant_id",
      "r.name as restaurant_name",
      "r.time_zone",
      "h.starts_at",
      "h.party_size",
      "t.number as table_number",
      "h.offer_id",
      "h.hold_expires_at",
    ])
    .where("h.id", "=", id)
    .where("h.status", "=", "held")
    .where("h.hold_expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
}
