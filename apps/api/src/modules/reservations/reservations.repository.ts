import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import { OCCUPYING_RESERVATION_STATUSES } from "@tavolo/shared/reservations";
import { RESTAURANT_VIEW_COLUMNS } from "./reservation-views.repository";
import type { DB } from "../../db/schema";
import { dinerWithStoredAnswer, bookingFirstRead, type DinerAndKeyParams } from "./idempotency.repository";

type Db = Kysely<DB> | Transaction<DB>;

/** The restaurant of a booking request, and the requested table if it is one of that restaurant's. */
export interface BookingContextRow {
  restaurant_id: string;
  opening_hours: OpeningHours;
  time_zone: string;
  auto_confirm: boolean;
  table_id: string | null;
  table_capacity: number | null;
  table_active: boolean | null;
}

/**
 * Advisory-lock class of table bookings (two-int4 keys; the idempotency locks use one bigint key,
 * a separate key space).
 */
const TABLE_BOOKING_LOCK_CLASS = 1;

/**
 * The table's booking lock, held until the transaction (or the one statement) ends. Bookings of one
 * table then insert one after another: two concurrent inserts checked by the exclusion constraint
 * otherwise wait on each other's uncommitted rows and deadlock (PostgreSQL detects it only after
 * deadlock_timeout, 1 s). The constraint stays the guarantee; the lock only queues the contenders.
 */
export const tableBookingLock = (tableId: string) =>
  sql<unknown>`pg_advisory_xact_lock(${TABLE_BOOKING_LOCK_CLASS}, hashtext(${tableId}))`;

/**
 * What a booking's or a move's first read takes of the restaurant (`r`, `c`) and of the table asked
 * for (`t`): the rules' context and what the answer and the mails show.
 */
export const BOOKING_PLACE_COLUMNS = [
  "r.id as restaurant_id",
  "r.opening_hours",
  "r.auto_confirm",
  ...RESTAURANT_VIEW_COLUMNS,
  "t.id as table_id",
  "t.number as table_number",
  "t.capacity as table_capacity",
  "t.active as table_active",
] as const;

interface NewBookingParams extends DinerAndKeyParams {
  restaurantId: string;
  tableId: string;
}

const buildNewBookingContext = (
  db: Db,
  param: <K extends keyof NewBookingParams & string>(name: K) => NewBookingParams[K],
) =>
  dinerWithStoredAnswer(db, param)
    .leftJoin("restaurants as r", (join) => join.on("r.id", "=", param("restaurantId")))
    .leftJoin("cities as c", "c.id", "r.city_id")
    .leftJoin("restaurant_tables as t", (join) =>
      join.onRef("t.restaurant_id", "=", "r.id").on("t.id", "=", param("tableId")),
    )
    .select(BOOKING_PLACE_COLUMNS);

/**
 * Everything a new table booking needs before its one statement (decision 074), in one read: the
 * restaurant and table the rules check (`restaurant_id` null: no such restaurant), what its answer
 * and mail show of them and of the diner, and the answer the Idempotency-Key already has, if any.
 * Undefined: the diner's account is gone.
 */
export const findNewBookingContext = bookingFirstRead<NewBookingParams, ReturnType<typeof buildNewBookingContext>>(
  buildNewBookingContext,
);

export type NewBookingContextRow = NonNullable<Awaited<ReturnType<typeof findNewBookingContext>>>;

/**
 * Holds the booking locks of several tables (a move touches the table it leaves and the one it
 * takes) until the transaction ends. Taken in the order of their keys, the order every move uses,
 * so two moves in opposite directions queue instead of deadlocking; a single booking holds one lock
 * and cannot close a cycle. The subquery's ORDER BY keeps it from being flattened, so the locks are
 * taken row by row in that order.
 */
export async function lockTablesInOrder(trx: Transaction<DB>, tableIds: string[]): Promise<void> {
  await sql`SELECT ${tableBookingLockOfKey} FROM ${tableLockKeysInOrder(sql`${tableIds}::text[]`)}`.execute(trx);
}

/** The keys of some tables' booking locks, in the order they are taken, as a FROM item `keys (k)`. */
export const tableLockKeysInOrder = (tableIds: RawBuilder<unknown>) =>
  sql`(SELECT DISTINCT hashtext(id) AS k FROM unnest(${tableIds}) AS id ORDER BY k) AS keys`;

/** One table's booking lock by the key `keys.k` of `tableLockKeysInOrder`. */
export const tableBookingLockOfKey = sql<unknown>`pg_advisory_xact_lock(${TABLE_BOOKING_LOCK_CLASS}, keys.k)`;

/** What a move needs of the booking it moves, read under the row's lock: one move of a booking at a time. */
export interface MovableReservationRow {
  user_id: string | null;
  restaurant_id: string;
  table_id: string | null;
  /** Live (pending or confirmed) and not started: what may still be moved. */
  movable: boolean;
}

const movableReservation = (db: Db, id: string) =>
  db
    .selectFrom("reservations")
    .select([
      "user_id",
      "restaurant_id",
      "table_id",
      sql<boolean>`status IN ('pending', 'confirmed') AND starts_at > now()`.as("movable"),
    ])
    .where("id", "=", id);

/** The same, read without a lock: where a booking could move to is only a proposal. */
export function findReservationForMove(db: Db, id: string): Promise<MovableReservationRow | undefined> {
  return movableReservation(db, id).executeTakeFirst();
}

/**
 * The smallest table in service that seats the party, preferring one free for the whole seating
 * (the booking being moved does not count against its own table). `free` false: every fitting
 * table is taken; undefined: none seats the party at all.
 */
export function findSmallestFittingTable(
  db: Db,
  request: { restaurantId: string; people: number; startsAt: Date; endsAt: Date; movingReservationId: string },
): Promise<{ id: string; number: number; capacity: number; free: boolean } | undefined> {
  return db
    .selectFrom("restaurant_tables as t")
    .select((eb) => [
      "t.id",
      "t.number",
      "t.capacity",
      eb
        .not(
          eb.exists(
            eb
              .selectFrom("reservations as res")
              .select(sql`1`.as("one"))
              .whereRef("res.table_id", "=", "t.id")
              .where("res.id", "<>", request.movingReservationId)
              .where("res.status", "in", OCCUPYING_RESERVATION_STATUSES)
              // The constraint's own expression: its GiST index (table, range) answers this.
              .where(
                sql<boolean>`tstzrange(res.starts_at, res.ends_at) && tstzrange(${request.startsAt}, ${request.endsAt})`,
              ),
          ),
        )
        .$castTo<boolean>()
        .as("free"),
    ])
    .where("t.restaurant_id", "=", request.restaurantId)
    .where("t.active", "=", true)
    .where("t.capacity", ">=", request.people)
    .orderBy("free", "desc")
    .orderBy("t.capacity")
    .orderBy("t.number")
    .limit(1)
    .executeTakeFirst();
}

/** The live seatings of tables between two instants; `except` leaves out one booking (the one being moved). */
export function listLiveSeatings(db: Db, restaurantId: string, from: Date, to: Date, except?: string) {
  return (
    db
      .selectFrom("reservations")
      .$if(except !== undefined, (query) => query.where("id", "!=", except!))
      .select(["table_id", "starts_at as startsAt", "ends_at as endsAt"])
      .where("restaurant_id", "=", restaurantId)
      // Last Minute bookings hold offer seats, not tables.
      .where("table_id", "is not", null)
      .$narrowType<{ table_id: string }>()
      // A hold takes its table like a booking (decision 029).
      .where("status", "in", OCCUPYING_RESERVATION_STATUSES)
      .where("starts_at", "<", to)
      .where("ends_at", ">", from)
      // No seating lasts a day: this bound keeps the (restaurant_id, starts_at) index scan to a few days.
      .where("starts_at", ">", new Date(from.getTime() - 24 * 3_600_000))
      .execute()
  );
}
