import { sql, type Kysely, type Transaction } from "kysely";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import type { DB, WaitlistEntryStatus } from "../../db/schema";
import { lineKey, lineLock, lineLockIfFree, type FreedLine } from "../reservations/freed-trigger";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Advisory-lock class of one diner's joins (two-int4 keys; class 1 is a table's booking lock, class
 * 3 a line's, `lineLock`): they are counted one at a time.
 */
const WAITLIST_DINER_LOCK_CLASS = 4;

/** What is matched together: a restaurant's tables, or the seats of one offer. */
export type LineScope = FreedLine;

/** Holds the line's lock until the transaction ends (re-entrant within it). */
export async function lockLine(trx: Transaction<DB>, scope: LineScope): Promise<void> {
  await sql`SELECT ${lineLock(lineKey(scope))}`.execute(trx);
}

/** The line's lock if nobody holds it now (the background sweep skips a line someone is matching). */
export async function tryLockLine(trx: Transaction<DB>, scope: LineScope): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`SELECT ${lineLockIfFree(lineKey(scope))} AS locked`.execute(trx);
  return rows[0]?.locked === true;
}

/**
 * Whether anyone waits in the line now, read without its lock: only after a write that held the
 * lock until it committed is a "no" final (`FreedTrigger`'s `lineLocked`, decision 075). The
 * partial index of waiting entries answers it.
 */
export async function anyoneWaiting(db: Db, scope: LineScope): Promise<boolean> {
  const row = await db
    .selectFrom("waitlist_entries")
    .select(sql<number>`1`.as("one"))
    .where("restaurant_id", "=", scope.restaurantId)
    .where((eb) => (scope.offerId === null ? eb("offer_id", "is", null) : eb("offer_id", "=", scope.offerId)))
    .where("status", "=", "waiting")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function lockDinerJoins(trx: Transaction<DB>, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${WAITLIST_DINER_LOCK_CLASS}, hashtext(${userId}))`.execute(trx);
}

/** Entries that still count against the diner's limit: waiting or holding, window not passed. */
export async function countActiveEntries(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("waitlist_entries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "in", ["waiting", "held"])
    .where("window_ends_at", ">", sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An active entry of the diner for the same line whose window overlaps this one. */
export async function hasOverlappingEntry(
  db: Db,
  entry: { userId: string; restaurantId: string; offerId: string | null; windowStartsAt: Date; windowEndsAt: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom("waitlist_entries")
    .select("id")
    .where("user_id", "=", entry.userId)
    .where("restaurant_id", "=", entry.restaurantId)
    .where((eb) => (entry.offerId === null ? eb("offer_id", "is", null) : eb("offer_id", "=", entry.offerId)))
    .where("status", "in", ["waiting", "held"])
    .where("window_ends_at", ">", sql<Date>`now()`)
    .where("window_starts_at", "<=", entry.windowEndsAt)
    .where("window_ends_at", ">=", entry.windowStartsAt)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewEntry {
  userId: string;
  restaurantId: string;
  offerId: string | null;
  date: string;
  timeFrom: string;
  timeTo: string;
  windowStartsAt: Date;
  windowEndsAt: Date;
  people: number;
}

export async function insertEntry(trx: Transaction<DB>, entry: NewEntry): Promise<string> {
  const row = await trx
    .insertInto("waitlist_entries")
    .values({
      user_id: entry.userId,
      restaurant_id: entry.restaurantId,
      offer_id: entry.offerId,
      wanted_date: entry.date,
      time_from: entry.timeFrom,
      time_to: entry.timeTo,
      window_starts_at: entry.windowStartsAt,
      window_ends_at: entry.windowEndsAt,
      party_size: entry.people,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An entry as the diner sees it, with the hold offered now (if any) and the place in line. */
export interface EntryViewRow {
  id: string;
  user_id: string;
  restaurant_id: string;
  restaurant_name: string;
  offer_id: string | null;
  wanted_date: string;
  time_from: string;
  time_to: string;
  party_size: number;
  /** The stored status, with 'ended' for a waiting entry whose window has passed. */
  status: WaitlistEntryStatus | "ended";
  position: number | null;
  created_at: Date;
  time_zone: string;
  hold_id: string | null;
  hold_starts_at: Date | null;
  hold_expires_at: Date | null;
  hold_table_number: number | null;
}

function entryViews(db: Db) {
  return db
    .selectFrom("waitlist_entries as e")
    .innerJoin("restaurants as r", "r.id", "e.restaurant_id")
    .leftJoin("reservations as h", (join) => join.onRef("h.waitlist_entry_id", "=", "e.id").on("h.status", "=", "held"))
    .leftJoin("restaurant_tables as t", "t.id", "h.table_id")
    .select([
      "e.id",
      "e.user_id",
      "e.restaurant_id",
      "r.name as restaurant_name",
      "e.offer_id",
      "e.wanted_date",
      "e.time_from",
      "e.time_to",
      "e.party_size",
      sql<
        EntryViewRow["status"]
      >`CASE WHEN e.status = 'waiting' AND e.window_ends_at <= now() THEN 'ended' ELSE e.status END`.as("status"),
      // The place in line among those waiting for the same restaurant and day (or the same offer).
      sql<number | null>`CASE WHEN e.status = 'waiting' AND e.window_ends_at > now() THEN (
        SELECT count(*)::int FROM waitlist_entries o
         WHERE o.restaurant_id = e.restaurant_id AND o.status = 'waiting' AND o.window_ends_at > now()
           AND o.wanted_date = e.wanted_date AND o.offer_id IS NOT DISTINCT FROM e.offer_id
           AND o.queue_no <= e.queue_no) END`.as("position"),
      "e.created_at",
      "r.time_zone",
      "h.id as hold_id",
      "h.starts_at as hold_starts_at",
      "h.hold_expires_at",
      "t.number as hold_table_number",
    ]);
}

export function findEntryView(db: Db, id: string): Promise<EntryViewRow | undefined> {
  return entryViews(db).where("e.id", "=", id).executeTakeFirst();
}

/** The diner's waiting and holding entries, earliest joined first. */
export function listActiveEntryViews(db: Db, userId: string): Promise<EntryViewRow[]> {
  return entryViews(db)
    .where("e.user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("e.status", "=", "held"),
        eb.and([eb("e.status", "=", "waiting"), eb("e.window_ends_at", ">", sql<Date>`now()`)]),
      ]),
    )
    .orderBy("e.queue_no")
    .execute();
}

/** Every entry of the diner, ended ones too, earliest joined first (the account export). */
export function listAllEntryViews(db: Db, userId: string): Promise<EntryViewRow[]> {
  return entryViews(db).where("e.user_id", "=", userId).orderBy("e.queue_no").execute();
}

export function lockEntry(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom("waitlist_entries")
    .select(["id", "user_id", "restaurant_id", "offer_id", "status"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setEntryStatus(db: Db, id: string, status: WaitlistEntryStatus): Promise<void> {
  await db.updateTable("waitlist_entries").set({ status }).where("id", "=", id).execute();
}

/** A waiting entry of a line, first in line first. */
export interface WaitingEntryRow {
  id: string;
  user_id: string;
  wanted_date: string;
  time_from: string;
  time_to: string;
  party_size: number;
}

/**
 * Which waiting entries one matching looks at: all of the line (a freed table of any day, the
 * sweep), or those of one day (a released hold or a join: only that day changed).
 */
export interface LineFocus {
  date?: string;
}

export function listWaitingEntries(
  trx: Transaction<DB>,
  scope: LineScope,
  focus: LineFocus = {},
): Promise<WaitingEntryRow[]> {
  return trx
    .selectFrom("waitlist_entries")
    .select(["id", "user_id", "wanted_date", "time_from", "time_to", "party_size"])
    .where("restaurant_id", "=", scope.restaurantId)
    .where((eb) => (scope.offerId === null ? eb("offer_id", "is", null) : eb("offer_id", "=", scope.offerId)))
    .where("status", "=", "waiting")
    .where("window_ends_at", ">", sql<Date>`now()`)
    .$if(focus.date !== undefined, (query) => query.where("wanted_date", "=", focus.date ?? ""))
    .orderBy("queue_no")
    .execute();
}

/**
 * Who holds what in this line now, as `holdKey`s: nobody gets two holds for one day of a restaurant
 * (or one offer), however many tables free at once.
 */
export async function holdsInLine(trx: Transaction<DB>, scope: LineScope): Promise<Set<string>> {
  const rows = await trx
    .selectFrom("reservations as h")
    .innerJoin("waitlist_entries as e", "e.id", "h.waitlist_entry_id")
    .select(["e.user_id", "e.wanted_date"])
    .where("h.restaurant_id", "=", scope.restaurantId)
    .where((eb) => (scope.offerId === null ? eb("h.offer_id", "is", null) : eb("h.offer_id", "=", scope.offerId)))
    .where("h.status", "=", "held")
    .execute();
  return new Set(rows.map((row) => holdKey(row)));
}

/** A diner and a day: at most one hold each in a line. */
export const holdKey = (entry: { user_id: string; wanted_date: string }) => `${entry.user_id} ${entry.wanted_date}`;

/** Lines with someone waiting: what the background sweep looks at. */
export async function linesWithWaitingEntries(db: Db, limit: number): Promise<LineScope[]> {
  const rows = await db
    .selectFrom("waitlist_entries")
    .select(["restaurant_id", "offer_id"])
    .distinct()
    .where("status", "=", "waiting")
    .where("window_ends_at", ">", sql<Date>`now()`)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ restaurantId: row.restaurant_id, offerId: row.offer_id }) as LineScope);
}

export interface LineRestaurantRow {
  opening_hours: OpeningHours;
  time_zone: string;
  auto_confirm: boolean;
}

export function findLineRestaurant(db: Db, restaurantId: string): Promise<LineRestaurantRow | undefined> {
  return db
    .selectFrom("restaurants")
    .select(["opening_hours", "time_zone", "auto_confirm"])
    .where("id", "=", restaurantId)
    .executeTakeFirst();
}

export function listActiveTables(db: Db, restaurantId: string) {
  return db
    .selectFrom("restaurant_tables")
    .select(["id", "number", "capacity"])
    .where("restaurant_id", "=", restaurantId)
    .where("active", "=", true)
    .orderBy("capacity")
    .orderBy("number")
    .execute();
}
