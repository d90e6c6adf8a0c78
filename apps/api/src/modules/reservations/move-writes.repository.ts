import { sql, type Compilable, type Kysely } from "kysely";
import { compiledOncePerShape } from "../../db/compiled-once";
import type { DB } from "../../db/schema";
import {
  mailInsertFor,
  OUTBOX_VALUE_COLUMNS,
  type OutboxValues,
  type StoredMailRow,
} from "../../mail/outbox.repository";
import { pushInsertFor, queuedPushesJson, type QueuedPush } from "../push/push.repository";
import { lineLock } from "./freed-trigger";
import { keyWithAnswerFor, type KeyedAnswerValues } from "./idempotency.repository";
import { tableBookingLockOfKey, tableLockKeysInOrder } from "./reservations.repository";

/**
 * The third write of `reservations` outside `reservation-writes.repository.ts` (decision 034): a
 * move, its key, its mail and its push as one statement (decision 075).
 */

/** A move as the one statement writes it: from which version of the booking, to what. */
export interface BookingMove {
  id: string;
  userId: string;
  restaurantId: string;
  /** The booking's `calendar_sequence` when it was read: the statement moves that version only. */
  sequence: number;
  fromTableId: string;
  tableId: string;
  startsAt: Date;
  endsAt: Date;
  partySize: number;
  status: "pending" | "confirmed";
}

/** What the one statement writes, as its parameters: the move, its key and answer (JSON), its mail and push. */
export type BookingMoveValues = BookingMove &
  OutboxValues &
  KeyedAnswerValues & {
    leaseMs: number;
    pushPayload: string;
    pushTtlSeconds: number;
    pushLeaseMs: number;
  };

type Shape = `${"keyed" | "unkeyed"} ${"push" | "mail"}`;

/** Built and compiled once per process for each shape (decision 068). */
const moveStatement = compiledOncePerShape<Shape, BookingMoveValues, StoredMailRow & { pushes?: QueuedPush[] }>(
  (db, param, shape) => {
    const mail = Object.fromEntries(OUTBOX_VALUE_COLUMNS.map((column) => [column, param(column)])) as OutboxValues;
    const tableIds = sql`ARRAY[${param("fromTableId")}, ${param("tableId")}]::text[]`;
    const moved = db
      // The diner's row first, as their bookings' and mails' foreign keys would lock it later: an
      // account deletion locks that row, then the bookings, so it queues here instead of deadlocking
      // (decision 076).
      .with("diner", (query) =>
        query
          .selectFrom("users")
          .select("id")
          .where("id", "=", sql<string>`${param("userId")}::uuid`)
          .forKeyShare(),
      )
      .with("line", (query) => query.selectFrom("diner").select(lineLock(param("restaurantId")).as("locked")))
      .with("tables", (query) =>
        query.selectFrom(["line", tableLockKeysInOrder(tableIds) as never]).select(tableBookingLockOfKey.as("locked")),
      )
      .with("res", (query) =>
        query
          .updateTable("reservations")
          // Joined to the locks, so they are taken before the row; none when the diner is gone.
          .from(sql`(SELECT count(*) AS n FROM tables)`.as("locks") as never)
          .set((eb) => ({
            table_id: sql`${param("tableId")}::uuid`,
            starts_at: sql`${param("startsAt")}::timestamptz`,
            ends_at: sql`${param("endsAt")}::timestamptz`,
            party_size: sql`${param("partySize")}::smallint`,
            status: sql`${param("status")}::text`,
            calendar_sequence: eb("calendar_sequence", "+", 1),
          }))
          .where("reservations.id", "=", sql<string>`${param("id")}::uuid`)
          .where("reservations.user_id", "=", sql<string>`${param("userId")}::uuid`)
          .where("reservations.calendar_sequence", "=", sql<number>`${param("sequence")}::integer`)
          .where("reservations.status", "in", ["pending", "confirmed"])
          .where("reservations.starts_at", ">", sql<Date>`now()`)
          .where(sql<boolean>`locks.n > 0`)
          .returning(["reservations.id", "reservations.user_id"]),
      )
      .with("claim", (query) =>
        shape.startsWith("keyed")
          ? keyWithAnswerFor(
              query,
              "res",
              { userId: param("userId"), operation: param("keyOperation"), key: param("key") },
              {
                requestHash: param("requestHash"),
                statusCode: param("statusCode"),
                response: sql`${param("response")}::jsonb`,
              },
            )
          : query.selectNoFrom(sql<number>`1`.as("claimed")),
      )
      .with("mail", (query) => mailInsertFor(query, "res", mail, param("leaseMs")));
    const values = {
      payload: param("pushPayload"),
      ttlSeconds: param("pushTtlSeconds"),
      leaseMs: param("pushLeaseMs"),
    };
    return (shape.endsWith("push")
      ? moved
          .with("pushed", (query) => pushInsertFor(query, "res", "booking", values))
          .selectFrom("mail")
          .selectAll()
          .select(queuedPushesJson("pushed").as("pushes"))
      : moved.selectFrom("mail").selectAll()) as unknown as Compilable<StoredMailRow & { pushes?: QueuedPush[] }>;
  },
);

/**
 * Moves a booking in one statement, all or nothing (decision 075): the diner's row (key share), its
 * line's lock, then the booking
 * locks of the table it leaves and the one it takes in key order, then one UPDATE of the version
 * read (the old seating freed as the new one is taken, the calendar event's SEQUENCE one up), then
 * the Idempotency-Key claimed with its answer (`keyed`), the mail and the push (`pushValues`), each
 * from the row moved. Answers the stored mail and the queued pushes; undefined when the booking is
 * no longer the version read, or no longer movable (nothing written, no key spent). Raises SQLSTATE
 * 23P01 when the new seating overlaps another live one of the table, and 23505 on the key when a
 * request with the same key committed first.
 */
export async function moveInOneStatement(
  db: Kysely<DB>,
  shape: { keyed: boolean; push: boolean },
  values: BookingMoveValues,
): Promise<{ mail: StoredMailRow; pushes: QueuedPush[] } | undefined> {
  const [row] = await moveStatement(db, `${shape.keyed ? "keyed" : "unkeyed"} ${shape.push ? "push" : "mail"}`, values);
  if (!row) return undefined;
  const { pushes = [], ...mail } = row;
  return { mail, pushes };
}
