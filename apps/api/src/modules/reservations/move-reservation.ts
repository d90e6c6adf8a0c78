import type { Kysely } from "kysely";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Language } from "@tavolo/shared/languages";
import type { ModifyReservationInput, ReservationResponse } from "@tavolo/shared/reservations";
import { isExclusionViolation } from "../../db/postgres-errors";
import type { DB } from "../../db/schema";
import { AppError, forbidden, notFound, unauthorized } from "../../errors";
import { bookableSeating, partyTooLarge, requestedSeating } from "./booking-rules";
import { keyedAnswerValues, replayIfKeyTaken, replayOfStored, requestFingerprint, type Answer } from "./idempotency";
import type { IdempotencyScope } from "./idempotency.repository";
import { findMoveContext, type MoveContextRow } from "./move-context.repository";
import { moveInOneStatement } from "./move-writes.repository";
import { newBookingView, type NewBookingPlace } from "./new-booking-view";
import type { ReservationNotifications } from "./reservation-notifications";
import type { ReservationViewRow } from "./reservation-views.repository";
import {
  findSmallestFittingTable,
  type BookingContextRow,
  type MovableReservationRow,
} from "./reservations.repository";
import { toReservation } from "./reservations.mapper";

/** A move (decision 025): the caller's booking, to another seating, party or table of its restaurant. */
export interface MoveRequest {
  userId: string;
  reservationId: string;
  input: ModifyReservationInput;
  language: Language;
  idempotencyKey: string | undefined;
}

export const reservationNotFound = () => notFound("reservation_not_found", "apiErrors.reservationNotFound");
const notModifiable = () => new AppError(409, "reservation_not_modifiable", "apiErrors.reservationNotModifiable");
const tableTakenForMove = () => new AppError(409, "table_taken", "apiErrors.modifyTableTaken");
const noTableFreeForMove = (people: number) =>
  new AppError(409, "no_table_free", "apiErrors.modifyNoTableFree", { people });

/**
 * How many tries a move gets from a fresh read: when the table the server picked was booked between
 * its look and the statement, or the booking was changed meanwhile (another move of it). Each lost
 * try means another write won, so the tries end when the fitting tables or the rival writes do;
 * the bound only caps a crowd (then 409, the booking unchanged).
 */
const MOVE_ATTEMPTS = 10;

/** One try lost to another write: tried again from a fresh read. */
class MoveTryLost extends Error {
  constructor(readonly lostTo: "picked table booked" | "booking changed") {
    super(lostTo);
  }
}

/** The booking as the caller may move it: theirs, a table booking, live and not started. */
export function movableBy(
  booking: MovableReservationRow | undefined,
  userId: string,
): MovableReservationRow & { table_id: string } {
  if (!booking) throw reservationNotFound();
  if (booking.user_id !== userId) throw forbidden();
  // A Last Minute booking holds offer seats, not a table: it is not moved here.
  if (!booking.movable || booking.table_id === null) throw notModifiable();
  return { ...booking, table_id: booking.table_id };
}

/**
 * modifyReservation (decision 025) in two round trips to the database (decision 075): one read of
 * the booking, the rules, the answer and the mails need; then one statement that moves that version
 * of the booking, all or nothing, under its line's lock and both tables' booking locks, with its key,
 * its mail and its push. A refusal leaves the booking exactly as it was; a retry with the same
 * Idempotency-Key gets the first answer; the mail and push start once the move has committed.
 */
export async function moveBooking(
  deps: { db: Kysely<DB>; notifications: ReservationNotifications },
  request: MoveRequest,
): Promise<Answer<ReservationResponse, 200> & { replayed: boolean }> {
  const { userId, reservationId, input, idempotencyKey } = request;
  // What the tries share: the key and the request's fingerprint.
  const key =
    idempotencyKey === undefined ? undefined : { userId, operation: "modifyReservation", key: idempotencyKey };
  const requestHash = requestFingerprint({ reservationId, ...input });
  for (let attempt = 1; ; attempt++) {
    try {
      return await tryMove(deps, request, { key, requestHash });
    } catch (error) {
      if (!(error instanceof MoveTryLost)) throw error;
      if (attempt >= MOVE_ATTEMPTS)
        throw error.lostTo === "picked table booked"
          ? noTableFreeForMove(request.input.numberOfPeople)
          : notModifiable();
    }
  }
}

async function tryMove(
  deps: { db: Kysely<DB>; notifications: ReservationNotifications },
  request: MoveRequest,
  keyed: { key: IdempotencyScope | undefined; requestHash: string },
): Promise<Answer<ReservationResponse, 200> & { replayed: boolean }> {
  const { db, notifications } = deps;
  const { userId, reservationId, input, language } = request;
  const { key, requestHash } = keyed;
  const context = await findMoveContext(db, { userId, reservationId, tableId: input.tableId ?? null, key });
  // The account was deleted since the session was checked: like any ended session.
  if (!context) throw unauthorized("invalid_token", "apiErrors.invalidToken");
  const replay = replayOfStored<ReservationResponse, 200>(context, requestHash);
  if (replay) return replay;

  const current = movableBy(bookingOf(context), userId);
  // A booking has its restaurant (its foreign key): the restaurant's fields are there.
  const found = context as FoundMoveContext;
  const now = new Date();
  const table = input.tableId === undefined ? await pickTable(db, found, request, now) : context;
  const { seating, status } = bookableSeating({ ...found, ...table }, input, now);
  const view = movedView(found, {
    id: reservationId,
    userId,
    restaurantId: current.restaurant_id,
    tableId: table.table_id!,
    tableNumber: table.table_number,
    startsAt: seating.startsAt,
    endsAt: seating.endsAt,
    partySize: input.numberOfPeople,
    status,
  });
  const message = status === "pending" ? "apiMessages.reservationModifiedPending" : "apiMessages.reservationModified";
  const answer: Answer<ReservationResponse, 200> = {
    statusCode: 200,
    body: { success: true, message: translateShared(language, message), reservation: toReservation(view, language) },
  };
  const messages = notifications.movedMessages(view);

  let moved: Awaited<ReturnType<typeof moveInOneStatement>>;
  try {
    moved = await moveInOneStatement(
      db,
      { keyed: key !== undefined, push: messages.push !== undefined },
      {
        id: reservationId,
        userId,
        restaurantId: current.restaurant_id,
        sequence: found.calendar_sequence,
        fromTableId: current.table_id,
        tableId: view.table_id!,
        startsAt: view.starts_at,
        endsAt: view.ends_at,
        partySize: view.party_size,
        status,
        ...messages.mail.values,
        leaseMs: messages.mail.leaseMs,
        ...keyedAnswerValues(key, requestHash, answer),
        pushPayload: messages.push?.payload ?? "null",
        pushTtlSeconds: messages.push?.ttlSeconds ?? 0,
        pushLeaseMs: messages.push?.leaseMs ?? 0,
      },
    );
  } catch (error) {
    if (isExclusionViolation(error)) {
      if (input.tableId === undefined) throw new MoveTryLost("picked table booked");
      throw tableTakenForMove();
    }
    // A request with the same key committed while this one was on its way: its answer stands.
    return replayIfKeyTaken(db, error, key, requestHash);
  }
  // Moved or cancelled since it was read: the next try reads it again, and says why if it cannot move.
  if (!moved) throw new MoveTryLost("booking changed");
  messages.deliver(moved.mail, moved.pushes)();
  return { ...answer, replayed: false };
}

/** The booking as the read found it, if there is one. */
const bookingOf = (context: MoveContextRow): MovableReservationRow | undefined =>
  context.reservation_id === null
    ? undefined
    : {
        user_id: context.owner_id,
        restaurant_id: context.restaurant_id!,
        table_id: context.current_table_id,
        movable: context.movable,
      };

/** The read of a booking found: its restaurant's fields are there. */
type FoundMoveContext = MoveContextRow &
  Pick<BookingContextRow, "restaurant_id" | "opening_hours" | "time_zone" | "auto_confirm"> &
  NewBookingPlace & { created_at: Date; special_requests: string; calendar_sequence: number };

type TableOfMove = Pick<MoveContextRow, "table_id" | "table_number" | "table_capacity" | "table_active">;

/** The smallest table in service that seats the party and is free for the whole new seating. */
async function pickTable(
  db: Kysely<DB>,
  context: FoundMoveContext,
  request: MoveRequest,
  now: Date,
): Promise<TableOfMove> {
  const { input } = request;
  const seating = requestedSeating(context, input, now);
  const table = await findSmallestFittingTable(db, {
    restaurantId: context.restaurant_id,
    people: input.numberOfPeople,
    startsAt: seating.startsAt,
    endsAt: seating.endsAt,
    movingReservationId: request.reservationId,
  });
  if (!table) throw partyTooLarge(input.numberOfPeople);
  if (!table.free) throw noTableFreeForMove(input.numberOfPeople);
  return { table_id: table.id, table_number: table.number, table_capacity: table.capacity, table_active: true };
}

/**
 * The view of the booking once moved: what `findReservationView` reads back after the statement
 * (the tests hold the two equal). What a move keeps, the read gave; its calendar event is one
 * version on.
 */
function movedView(
  context: FoundMoveContext,
  move: {
    id: string;
    userId: string;
    restaurantId: string;
    tableId: string;
    tableNumber: number | null;
    startsAt: Date;
    endsAt: Date;
    partySize: number;
    status: "pending" | "confirmed";
  },
): ReservationViewRow {
  return {
    ...newBookingView(context, {
      ...move,
      createdAt: context.created_at,
      offerId: null,
      specialRequests: context.special_requests,
    }),
    attending: context.attending,
    calendar_sequence: context.calendar_sequence + 1,
  };
}
