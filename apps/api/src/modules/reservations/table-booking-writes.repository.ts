import { sql, type Compilable, type Kysely, type QueryCreator } from "kysely";
import { compiledOncePerShape } from "../../db/compiled-once";
import type { DB } from "../../db/schema";
import { mailInsert, OUTBOX_VALUE_COLUMNS, type OutboxValues, type StoredMailRow } from "../../mail/outbox.repository";
import { keyWithAnswerInsert, type KeyedAnswerValues } from "./idempotency.repository";
import { tableBookingLock } from "./reservations.repository";

/**
 * The one write of `reservations` outside `reservation-writes.repository.ts` (decision 034): a table
 * booking, its key and its mail as one statement (decision 074).
 */

/** A table booking as the one statement writes it: its id and moment are chosen before it is sent. */
export interface NewTableBooking {
  id: string;
  createdAt: Date;
  userId: string;
  restaurantId: string;
  tableId: string;
  startsAt: Date;
  endsAt: Date;
  partySize: number;
  specialRequests: string;
  status: "pending" | "confirmed";
}

/** What the one statement writes, as its parameters: the booking, its key and answer (JSON), its mail. */
export type TableBookingValues = NewTableBooking & OutboxValues & KeyedAnswerValues & { leaseMs: number };

/** The booking's columns, each with the parameter it is written from and that parameter's type. */
const BOOKING_COLUMNS = [
  ["id", "id", "uuid"],
  ["user_id", "userId", "uuid"],
  ["restaurant_id", "restaurantId", "uuid"],
  ["table_id", "tableId", "uuid"],
  ["starts_at", "startsAt", "timestamptz"],
  ["ends_at", "endsAt", "timestamptz"],
  ["party_size", "partySize", "smallint"],
  ["special_requests", "specialRequests", "text"],
  ["status", "status", "text"],
  ["created_at", "createdAt", "timestamptz"],
] as const;

/**
 * Built and compiled once per process for each shape, with or without a key (decision 068): the
 * statement is long, and building it was a tenth of a booking's CPU in the API.
 */
const bookingStatement = compiledOncePerShape<"keyed" | "unkeyed", TableBookingValues, StoredMailRow>(
  (db, param, shape) => {
    const claim = (query: QueryCreator<DB>) =>
      shape === "keyed"
        ? keyWithAnswerInsert(
            query,
            { userId: param("userId"), operation: param("keyOperation"), key: param("key") },
            { requestHash: param("requestHash"), statusCode: param("statusCode"), response: param("response") },
          )
        : query.selectNoFrom(sql<number>`1`.as("claimed"));
    const mail = Object.fromEntries(OUTBOX_VALUE_COLUMNS.map((column) => [column, param(column)])) as OutboxValues;
    return db
      .with("claim", claim)
      .with("lock", (query) => query.selectFrom("claim").select(tableBookingLock(param("tableId")).as("locked")))
      .with("res", (query) =>
        query
          .insertInto("reservations")
          .columns(BOOKING_COLUMNS.map(([column]) => column))
          .expression((eb) =>
            eb
              .selectFrom("lock")
              .select(BOOKING_COLUMNS.map(([column, name, type]) => sql`${param(name)}::${sql.raw(type)}`.as(column))),
          ),
      )
      .with("mail", (query) => mailInsert(query, mail, param("leaseMs")))
      .selectFrom("mail")
      .selectAll() as unknown as Compilable<StoredMailRow>;
  },
);

/**
 * Books a table in one statement, all or nothing (decision 074): the Idempotency-Key claimed with
 * its final answer (`keyed`), then the table's booking lock, then the booking, and its mail in the
 * outbox. No BEGIN or COMMIT travels: the statement is its own transaction. Each step takes its row
 * from the one before, so the lock is taken only once the key is this request's, and is held when
 * the exclusion constraint checks the row. Answers the stored mail, to deliver once this has
 * returned. Raises SQLSTATE 23P01 when the table already holds an overlapping live seating, and
 * 23505 on the key when a request with the same key committed first.
 */
export async function bookTableInOneStatement(
  db: Kysely<DB>,
  keyed: boolean,
  values: TableBookingValues,
): Promise<StoredMailRow> {
  const [stored] = await bookingStatement(db, keyed ? "keyed" : "unkeyed", values);
  if (!stored) throw new Error("the booking statement stored no mail");
  return stored;
}
