import { sql } from "kysely";

/**
 * What a write that frees tables or seats tells the waitlist once it has committed (decision 029):
 * the restaurant whose tables, or the offer whose seats, came back. Declared here, implemented by
 * the waitlist module, so the booking modules do not depend on it. Never throws.
 */
export type FreedLine = { restaurantId: string; offerId: null } | { restaurantId: string; offerId: string };

/**
 * `lineLocked`: the freeing write held each line's lock (`lineLock`) until it committed (a move,
 * decision 075). A diner who joined before it is then in line already, and one joining after it
 * sees the freed table, so the trigger looks for a waiting diner without the lock and does nothing
 * when there is none. Without it, the trigger takes the line's lock before it looks.
 */
export type FreedTrigger = (lines: readonly FreedLine[], options?: { lineLocked?: boolean }) => Promise<void>;

/** The line a booking's row belongs to. */
export const lineOf = (row: { restaurant_id: string; offer_id: string | null }): FreedLine =>
  row.offer_id === null
    ? { restaurantId: row.restaurant_id, offerId: null }
    : { restaurantId: row.restaurant_id, offerId: row.offer_id };

/**
 * Advisory-lock class of a waitlist line (two-int4 keys; class 1 is a table's booking lock): one
 * line, a restaurant's tables or one offer's seats, is matched by one transaction at a time.
 */
const WAITLIST_LINE_LOCK_CLASS = 3;

/** The key a line is locked by: its offer, or its restaurant for its tables. */
export const lineKey = (line: FreedLine) => line.offerId ?? line.restaurantId;

/**
 * A line's lock, held until the transaction (or the one statement) ends, re-entrant within it.
 * Here, beside the trigger, because a move takes it in its own statement (decision 075).
 */
export const lineLock = (key: string) =>
  sql<unknown>`pg_advisory_xact_lock(${WAITLIST_LINE_LOCK_CLASS}, hashtext(${key}))`;

/** The same lock if nobody holds it now. */
export const lineLockIfFree = (key: string) =>
  sql<boolean>`pg_try_advisory_xact_lock(${WAITLIST_LINE_LOCK_CLASS}, hashtext(${key}))`;
