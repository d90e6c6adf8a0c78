import type { Transaction } from "kysely";
import type { ModifyReservationInput } from "@tavolo/shared/reservations";
import { isExclusionViolation } from "../../db/postgres-errors";
import type { DB } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
import { bookableSeating, partyTooLarge, requestedSeating } from "./booking-rules";
import * as repo from "./reservations.repository";
import type { MovableReservationRow } from "./reservations.repository";
import type { ReservationViewRow } from "./reservation-views.repository";
import * as writes from "./reservation-writes.repository";

/** A move (decision 025): the caller's booking, to another seating, party or table of its restaurant. */
export interface MoveRequest {
  userId: string;
  reservationId: string;
  input: ModifyReservationInput;
}

export const reservationNotFound = () => notFound("reservation_not_found", "apiErrors.reservationNotFound");
const notModifiable = () => new AppError(409, "reservation_not_modifiable", "apiErrors.reservationNotModifiable");
const tableTakenForMove = () => new AppError(409, "table_taken", "apiErrors.modifyTableTaken");
export const noTableFreeForMove = (people: number) =>
  new AppError(409, "no_table_free", "apiErrors.modifyNoTableFree", { people });

/**
 * The table the server picked was booked between its look and its lock: the move is rolled back
 * and may be tried again with a fresh pick (the service does, a few times).
 */
export class PickedTableTaken extends Error {}

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
 * Moves the booking inside the caller's transaction. Order of locks, the same in every move: the
 * booking's row (one move or cancellation of it at a time), then the booking locks of the table it
 * leaves and the table it takes, by key (repository `lockTablesInOrder`). The rules are
 * makeReservation's (`bookableSeating`); the exclusion constraint decides whether the new seating
 * is free, and one UPDATE frees the old seating as it takes the new one, so a refusal leaves the
 * booking exactly as it was.
 */
export async function moveReservationWithin(trx: Transaction<DB>, request: MoveRequest): Promise<ReservationViewRow> {
  const { userId, reservationId, input } = request;
  const current = movableBy(await repo.lockReservationForMove(trx, reservationId), userId);

  const now = new Date();
  const tableId = input.tableId ?? (await pickTable(trx, reservationId, current.restaurant_id, input, now));
  await repo.lockTablesInOrder(trx, [current.table_id, tableId]);
  const context = await repo.findBookingContext(trx, current.restaurant_id, tableId);
  const { seating, status } = bookableSeating(context, input, now);
  return writes
    .moveReservation(trx, reservationId, {
      tableId,
      startsAt: seating.startsAt,
      endsAt: seating.endsAt,
      partySize: input.numberOfPeople,
      status,
    })
    .catch((error: unknown) => {
      if (!isExclusionViolation(error)) throw error;
      throw input.tableId === undefined ? new PickedTableTaken() : tableTakenForMove();
    });
}

/** The smallest table in service that seats the party and is free for the whole new seating. */
async function pickTable(
  trx: Transaction<DB>,
  reservationId: string,
  restaurantId: string,
  input: ModifyReservationInput,
  now: Date,
): Promise<string> {
  const restaurant = await repo.findBookingContext(trx, restaurantId, null);
  const seating = requestedSeating(restaurant, input, now);
  const table = await repo.findSmallestFittingTable(trx, {
    restaurantId,
    people: input.numberOfPeople,
    startsAt: seating.startsAt,
    endsAt: seating.endsAt,
    movingReservationId: reservationId,
  });
  if (!table) throw partyTooLarge(input.numberOfPeople);
  if (!table.free) throw noTableFreeForMove(input.numberOfPeople);
  return table.id;
}
