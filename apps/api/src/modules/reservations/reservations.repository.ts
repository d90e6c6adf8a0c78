import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Transaction } from "kysely";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import type { Language } from "@tavolo/shared/languages";
import {
  ACTIVE_RESERVATION_STATUSES,
  HOLD_STATUSES,
  OCCUPYING_RESERVATION_STATUSES,
  type ReservationStatus,
} from "@tavolo/shared/reservations";
import type { DB, ReservationsTable } from "../../db/schema";

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

/** The restaurant of a booking and the table asked for, if it is one of that restaurant's. */
function bookingContext(trx: Transaction<DB>, restaurantId: string, tableId: string | null) {
  return trx
    .selectFrom("restaurants as r")
    .leftJoin("restaurant_tables as t", (join) =>
      join.onRef("t.restaurant_id", "=", "r.id").on("t.id", "=", tableId ?? sql<string>`NULL`),
    )
    .select([
      "r.id as restaurant_id",
      "r.opening_hours",
      "r.time_zone",
      "r.auto_confirm",
      "t.id as table_id",
      "t.capacity as table_capacity",
      "t.active as table_active",
    ])
    .where("r.id", "=", restaurantId);
}

/**
 * Reads the booking's restaurant and table, and holds the table's booking lock until the
 * transaction ends. Bookings of one table then insert one after another: two concurrent inserts
 * checked by the exclusion constraint otherwise wait on each other's uncommitted rows and deadlock
 * (PostgreSQL detects it only after deadlock_timeout, 1 s). The constraint stays the guarantee;
 * the lock only queues the contenders. Needs a transaction: on autocommit the lock ends with this
 * statement.
 */
export function lockTableAndFindBookingContext(
  trx: Transaction<DB>,
  restaurantId: string,
  tableId: string,
): Promise<BookingContextRow | undefined> {
  return bookingContext(trx, restaurantId, tableId)
    .select(sql<unknown>`pg_advisory_xact_lock(${TABLE_BOOKING_LOCK_CLASS}, hashtext(${tableId}))`.as("table_locked"))
    .executeTakeFirst();
}

/** The restaurant and table of a booking request, with no lock (the caller holds the table's already). */
export function findBookingContext(
  trx: Transaction<DB>,
  restaurantId: string,
  tableId: string | null,
): Promise<BookingContextRow | undefined> {
  return bookingContext(trx, restaurantId, tableId).executeTakeFirst();
}

/**
 * Holds the booking locks of several tables (a move touches the table it leaves and the one it
 * takes) until the transaction ends. Taken in the order of their keys, the order every move uses,
 * so two moves in opposite directions queue instead of deadlocking; a single booking holds one lock
 * and cannot close a cycle. The subquery's ORDER BY keeps it from being flattened, so the locks are
 * taken row by row in that order.
 */
export async function lockTablesInOrder(trx: Transaction<DB>, tableIds: string[]): Promise<void> {
  await sql`
    SELECT pg_advisory_xact_lock(${TABLE_BOOKING_LOCK_CLASS}, k)
      FROM (SELECT DISTINCT hashtext(id) AS k FROM unnest(${tableIds}::text[]) AS id ORDER BY k) AS keys`.execute(trx);
}

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

export function lockReservationForMove(trx: Transaction<DB>, id: string): Promise<MovableReservationRow | undefined> {
  return movableReservation(trx, id).forUpdate().executeTakeFirst();
}

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
): Promise<{ id: string; free: boolean } | undefined> {
  return db
    .selectFrom("restaurant_tables as t")
    .select((eb) => [
      "t.id",
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

export interface ReservationMove {
  tableId: string;
  startsAt: Date;
  endsAt: Date;
  partySize: number;
  status: "pending" | "confirmed";
}

/**
 * Moves a booking in one UPDATE and reads it back as a view: the old seating is freed and the new
 * one taken by the same statement, so a failure leaves the booking exactly as it was (never both,
 * never neither). The calendar event's SEQUENCE grows by one. Raises SQLSTATE 23P01 when the new
 * seating overlaps another live one of that table.
 */
export function moveReservation(trx: Transaction<DB>, id: string, move: ReservationMove): Promise<ReservationViewRow> {
  const moved = trx.with("res", (cte) =>
    cte
      .updateTable("reservations")
      .set((eb) => ({
        table_id: move.tableId,
        starts_at: move.startsAt,
        ends_at: move.endsAt,
        party_size: move.partySize,
        status: move.status,
        calendar_sequence: eb("calendar_sequence", "+", 1),
      }))
      .where("id", "=", id)
      .returningAll(),
  );
  return viewOf(moved.selectFrom("res")).executeTakeFirstOrThrow();
}

export interface NewReservation {
  userId: string;
  restaurantId: string;
  tableId: string;
  startsAt: Date;
  endsAt: Date;
  partySize: number;
  specialRequests: string;
  status: "pending" | "confirmed";
}

/** A reservation with what a diner sees of its restaurant and table. */
export interface ReservationViewRow {
  id: string;
  user_id: string;
  restaurant_id: string;
  /** A table booking names its table; a Last Minute booking its offer instead. */
  table_id: string | null;
  table_number: number | null;
  offer_id: string | null;
  starts_at: Date;
  ends_at: Date;
  party_size: number;
  special_requests: string;
  status: ReservationStatus;
  can_cancel: boolean;
  created_at: Date;
  cancelled_at: Date | null;
  restaurant_name: string;
  image_key: string;
  lat: number;
  lng: number;
  address: string;
  categories: string[];
  time_zone: string;
  city_name_it: string;
  city_name_en: string;
  /** Whom the booking mails go to, in which language; never part of an answer. */
  user_email: string;
  user_language: Language;
  user_first_name: string;
  user_display_name: string;
  /** The .ics SEQUENCE its latest mail carries (decision 025). */
  calendar_sequence: number;
}

type ReservationSource = SelectQueryBuilder<DB & { res: Selectable<ReservationsTable> }, "res", object>;

/**
 * The shared SELECT of every reservation answer, over stored rows or rows just inserted.
 * `completed` is not stored: a confirmed seating that has ended reads as completed, by the
 * database's clock (docs/decisions/007-reservations.md).
 */
function viewOf(source: ReservationSource) {
  return (
    source
      .innerJoin("restaurants as r", "r.id", "res.restaurant_id")
      .innerJoin("cities as c", "c.id", "r.city_id")
      .leftJoin("restaurant_tables as t", "t.id", "res.table_id")
      .innerJoin("users as u", "u.id", "res.user_id")
      .select([
        "res.id",
        "res.user_id",
        "res.restaurant_id",
        "res.table_id",
        "t.number as table_number",
        "res.offer_id",
        "res.starts_at",
        "res.ends_at",
        "res.party_size",
        "res.special_requests",
        sql<ReservationStatus>`CASE WHEN res.status = 'confirmed' AND res.ends_at <= now() THEN 'completed' ELSE res.status END`.as(
          "status",
        ),
        sql<boolean>`res.status IN ('pending', 'confirmed') AND res.starts_at > now()`.as("can_cancel"),
        "res.created_at",
        "res.cancelled_at",
        "r.name as restaurant_name",
        "r.image_key",
        "r.lat",
        "r.lng",
        "r.address",
        "r.categories",
        "r.time_zone",
        "c.name_it as city_name_it",
        "c.name_en as city_name_en",
        "u.email as user_email",
        "u.language as user_language",
        "u.first_name as user_first_name",
        "u.display_name as user_display_name",
        "res.calendar_sequence",
      ])
      // The inner join on users: a view always has its diner (kept anonymous bookings have none, decision 021).
      .$narrowType<{ user_id: string }>()
  );
}

function reservationViews(db: Db) {
  return viewOf(db.selectFrom((eb) => eb.selectFrom("reservations").selectAll().as("res")));
}

/**
 * Inserts a booking and reads it back as a view in one statement (every round trip counts at
 * booking time). Raises SQLSTATE 23P01 when the table already holds an overlapping live seating.
 */
export function insertReservation(db: Db, reservation: NewReservation): Promise<ReservationViewRow> {
  const inserted = db.with("res", (cte) =>
    cte
      .insertInto("reservations")
      .values({
        user_id: reservation.userId,
        restaurant_id: reservation.restaurantId,
        table_id: reservation.tableId,
        starts_at: reservation.startsAt,
        ends_at: reservation.endsAt,
        party_size: reservation.partySize,
        special_requests: reservation.specialRequests,
        status: reservation.status,
      })
      .returningAll(),
  );
  return viewOf(inserted.selectFrom("res")).executeTakeFirstOrThrow();
}

export function findReservationView(db: Db, id: string): Promise<ReservationViewRow | undefined> {
  return reservationViews(db).where("res.id", "=", id).executeTakeFirst();
}

/**
 * Newest seating first; the (user_id, starts_at DESC) index serves it. No limit: every one (the
 * account export, decision 021).
 */
export function listUserReservationViews(db: Db, userId: string, limit?: number): Promise<ReservationViewRow[]> {
  return (
    reservationViews(db)
      .where("res.user_id", "=", userId)
      // Holds are offers to the diner, not bookings: the waitlist answers show them (decision 029).
      .where("res.status", "not in", HOLD_STATUSES)
      .orderBy("res.starts_at", "desc")
      .orderBy("res.created_at", "desc")
      .$if(limit !== undefined, (query) => query.limit(limit ?? 0))
      .execute()
  );
}

/**
 * Cancels the owner's live booking whose seating has not started; false when there is none such.
 * A Last Minute booking gives its seats back to the offer in the same statement, so the seats
 * booked and available always add up to the offer's total.
 */
export async function cancelUpcomingReservation(db: Db, id: string, userId: string): Promise<boolean> {
  const result = await db
    .with("cancelled", (cte) =>
      cte
        .updateTable("reservations")
        .set((eb) => ({
          status: "cancelled",
          cancelled_at: sql<Date>`now()`,
          // The cancellation is the event's next version (decision 025).
          calendar_sequence: eb("calendar_sequence", "+", 1),
        }))
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .where("status", "in", ACTIVE_RESERVATION_STATUSES)
        .where("starts_at", ">", sql<Date>`now()`)
        .returning(["id", "offer_id", "party_size"]),
    )
    .with("returned", (cte) =>
      cte
        .updateTable("offers")
        .from("cancelled")
        .set((eb) => ({ available_seats: eb("offers.available_seats", "+", eb.ref("cancelled.party_size")) }))
        .whereRef("offers.id", "=", "cancelled.offer_id")
        .returning("offers.id"),
    )
    .selectFrom("cancelled")
    .select("cancelled.id")
    .executeTakeFirst();
  return result !== undefined;
}

export function findReservationOwnerAndStatus(db: Db, id: string) {
  return db.selectFrom("reservations").select(["user_id", "status"]).where("id", "=", id).executeTakeFirst();
}

/** Occupied seatings (bookings and holds) of a restaurant's tables that overlap [from, to). */
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
