import { sql, type Compilable, type Kysely, type Transaction } from "kysely";
import { compiledOncePerShape } from "../../db/compiled-once";
import {
  mailInsertFor,
  OUTBOX_VALUE_COLUMNS,
  type OutboxValues,
  type StoredMailRow,
} from "../../mail/outbox.repository";
import { withSeatsLeftInOffer } from "../offers/seats-left";
import { keyWithAnswerFor, type KeyedAnswerValues } from "./idempotency.repository";
import { ACTIVE_RESERVATION_STATUSES } from "@tavolo/shared/reservations";
import type { DB } from "../../db/schema";
import * as seats from "../offers/offer-seats.repository";

type Db = Kysely<DB> | Transaction<DB>;

/** The caller's transaction, else one of its own: a write and its seats commit together. */
function inTransaction<T>(db: Db, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}

/**
 * Every write of `reservations` but a table booking's, and the only ones with it (decision 034): book
 * offer seats, hold, confirm or release a hold, move, cancel, anonymise; a table is booked in one
 * statement of its own (`table-booking-writes.repository.ts`, decision 074). The offers, waitlist and
 * account modules call these operations, never their own SQL on the table, so deleting, exporting and
 * anonymising have one place to look; `one-writer.test.ts` fails when another file writes the table. Each operation
 * runs on the caller's executor: the caller's transaction, locks and mails stay where they are. An
 * offer's seats change through the offers module's seat operations, called here in the same
 * statement or transaction as the reservation row.
 */

// --- book offer ---

/** What an offer booking's one statement writes, as its parameters (decision 074). */
export type OfferBookingValues = OutboxValues &
  /** `response`: the statement writes the seats left into its offer; its status is always 201. */
  KeyedAnswerValues & {
    id: string;
    createdAt: Date;
    userId: string;
    offerId: string;
    people: number;
    notes: string;
    now: Date;
    leaseMs: number;
  };

/**
 * DESIGN §4 in one statement, all or nothing (decision 074): takes `people` seats if they are there
 * and the offer is still bookable (the offers module's `takeBookableSeats`), books them, claims the
 * key with the answer (`keyed`) and stores the mail, each from the row of seats taken. Concurrent
 * bookings queue on the offer's row; each re-checks the seats left once the one before it commits,
 * so a sold-out offer takes nothing instead of going negative. Built and compiled once per shape.
 */
const offerBookingStatement = compiledOncePerShape<
  "keyed" | "unkeyed",
  OfferBookingValues,
  StoredMailRow & { available_seats: number }
>((db, param, shape) => {
  const mail = Object.fromEntries(OUTBOX_VALUE_COLUMNS.map((column) => [column, param(column)])) as OutboxValues;
  const scope = { userId: param("userId"), operation: param("keyOperation"), key: param("key") };
  const response = withSeatsLeftInOffer(sql`${param("response")}`, sql.ref("taken.available_seats"));
  return db
    .with("taken", (query) =>
      seats.takeBookableSeats(query, {
        offerId: param("offerId"),
        userId: param("userId"),
        people: param("people"),
        now: param("now"),
      }),
    )
    .with("res", (query) =>
      query
        .insertInto("reservations")
        .columns([
          "id",
          "user_id",
          "restaurant_id",
          "offer_id",
          "starts_at",
          "ends_at",
          "party_size",
          "special_requests",
          "status",
          "created_at",
        ])
        .expression((eb) =>
          eb
            .selectFrom("taken")
            .select([
              sql<string>`${param("id")}::uuid`.as("id"),
              sql<string>`${param("userId")}::uuid`.as("user_id"),
              "taken.restaurant_id",
              "taken.id",
              "taken.starts_at",
              "taken.ends_at",
              sql<number>`${param("people")}::smallint`.as("party_size"),
              sql<string>`${param("notes")}::text`.as("special_requests"),
              sql<string>`'confirmed'`.as("status"),
              sql<Date>`${param("createdAt")}::timestamptz`.as("created_at"),
            ]),
        ),
    )
    .with("claim", (query) =>
      shape === "keyed"
        ? keyWithAnswerFor(query, "taken", scope, { requestHash: param("requestHash"), statusCode: 201, response })
        : query.selectNoFrom(sql<number>`1`.as("claimed")),
    )
    .with("mail", (query) => mailInsertFor(query, "taken", mail, param("leaseMs")))
    .selectFrom(["mail", "taken"])
    .selectAll("mail")
    .select("taken.available_seats") as unknown as Compilable<StoredMailRow & { available_seats: number }>;
});

/**
 * Books an offer's seats in one statement. Answers the stored mail and the seats the booking left,
 * or undefined when nothing was taken (the caller tells why). Raises 23505 on the key when a request
 * with the same key committed first.
 */
export async function bookOfferInOneStatement(db: Kysely<DB>, keyed: boolean, values: OfferBookingValues) {
  const [booked] = await offerBookingStatement(db, keyed ? "keyed" : "unkeyed", values);
  return booked;
}

// --- cancel ---

/**
 * Cancels the owner's live booking whose seating has not started; false when there is none such.
 * A Last Minute booking gives its seats back to the offer in the same statement, so the seats
 * booked and available always add up to the offer's total.
 */
export function cancelUpcomingReservation(db: Db, id: string, userId: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const cancelled = await trx
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
      .returning(["id", "offer_id", "party_size"])
      .executeTakeFirst();
    if (cancelled) await seats.giveBackSeats(trx, [cancelled]);
    return cancelled !== undefined;
  });
}

// --- hold, confirm or release a hold (decision 029) ---

export interface NewHold {
  userId: string;
  restaurantId: string;
  tableId: string | null;
  offerId: string | null;
  entryId: string;
  startsAt: Date;
  endsAt: Date;
  partySize: number;
  holdMinutes: number;
  /** A hold never outlasts the moment the seating (or the offer's booking) closes. */
  notAfter: Date;
}

/** Writes a hold: a reservation in status 'held' that the exclusion constraint counts as taken. */
export async function insertHold(trx: Transaction<DB>, hold: NewHold): Promise<{ id: string; hold_expires_at: Date }> {
  // An offer's hold takes its seats in the same transaction (the caller locked and counted them).
  if (hold.offerId !== null) await seats.takeHeldSeats(trx, hold.offerId, hold.partySize);
  return trx
    .insertInto("reservations")
    .values({
      user_id: hold.userId,
      restaurant_id: hold.restaurantId,
      table_id: hold.tableId,
      offer_id: hold.offerId,
      starts_at: hold.startsAt,
      ends_at: hold.endsAt,
      party_size: hold.partySize,
      status: "held",
      waitlist_entry_id: hold.entryId,
      hold_expires_at: sql<Date>`least(now() + make_interval(mins => ${hold.holdMinutes}), ${hold.notAfter}::timestamptz)`,
    })
    .returning(["id", "hold_expires_at"])
    .$narrowType<{ hold_expires_at: Date }>()
    .executeTakeFirstOrThrow();
}

/** The hold becomes a booking: pending or confirmed, by the restaurant's policy. */
export async function confirmHold(trx: Transaction<DB>, id: string, status: "pending" | "confirmed"): Promise<void> {
  await trx
    .updateTable("reservations")
    .set({ status, hold_expires_at: null })
    .where("id", "=", id)
    .where("status", "=", "held")
    .execute();
}

/**
 * Releases live holds (one by id, or every one of a diner): the table or seats are free again, an
 * offer gets its seats back in the same statement. Answers the lines that got something back.
 */
export async function releaseHolds(trx: Transaction<DB>, which: { id: string } | { userId: string }) {
  const released = await trx
    .updateTable("reservations")
    .set({ status: "released" })
    .where((eb) => ("id" in which ? eb("id", "=", which.id) : eb("user_id", "=", which.userId)))
    .where("status", "=", "held")
    .returning(["restaurant_id", "offer_id", "party_size"])
    .execute();
  await seats.giveBackSeats(trx, released);
  return released;
}

// --- anonymise (decision 021) ---

/**
 * What the restaurant keeps of a deleted diner's bookings carries nothing of the person: no special
 * requests, and no link to the waitlist entry the deletion removes. Detaching the entry here, before
 * the user row goes, matters: the entry and the user would otherwise both update the same rows
 * through their foreign keys in the one DELETE (entry ON DELETE SET NULL, user ON DELETE SET NULL),
 * which PostgreSQL refuses (decision 034). The user id goes with the user row (migration 008).
 */
export async function anonymiseReservationsOf(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx
    .updateTable("reservations")
    .set({ special_requests: "", waitlist_entry_id: null })
    .where("user_id", "=", userId)
    .execute();
}
