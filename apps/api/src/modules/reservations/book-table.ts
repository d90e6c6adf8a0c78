import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Language } from "@tavolo/shared/languages";
import type { MakeReservationInput, ReservationResponse } from "@tavolo/shared/reservations";
import { isExclusionViolation } from "../../db/postgres-errors";
import type { DB } from "../../db/schema";
import { AppError, unauthorized } from "../../errors";
import type { StoredMailRow } from "../../mail/outbox.repository";
import { bookableSeating } from "./booking-rules";
import { keyedAnswerValues, replayIfKeyTaken, replayOfStored, requestFingerprint, type Answer } from "./idempotency";
import type { ReservationNotifications } from "./reservation-notifications";
import { newBookingView, type NewBookingPlace } from "./new-booking-view";
import { bookTableInOneStatement, type NewTableBooking } from "./table-booking-writes.repository";
import { findNewBookingContext, type BookingContextRow, type NewBookingContextRow } from "./reservations.repository";
import { toReservation } from "./reservations.mapper";

const tableTaken = () => new AppError(409, "table_taken", "apiErrors.tableTaken");

/** What a retry must repeat to be the same booking; `userId` only repeats the caller, so it is left out. */
const bookingIntent = (input: MakeReservationInput) => ({
  restaurantId: input.restaurantId,
  tableId: input.tableId,
  date: input.date,
  time: input.time,
  numberOfPeople: input.numberOfPeople,
  specialRequests: input.specialRequests,
});

/** The rules' view of the read: no restaurant when the id names none. */
const rulesContext = (context: NewBookingContextRow): BookingContextRow | undefined =>
  context.restaurant_id === null ? undefined : (context as BookingContextRow);

/**
 * makeReservation in two round trips to the database, not seven (decision 074): one read of all the
 * rules, the answer and the mail need; the rules, the answer and the mail made here; then one
 * statement that claims the key with that answer, locks the table, inserts the booking and stores
 * its mail, all or nothing. The guarantees are those the transaction gave: the exclusion constraint
 * decides (409), a key gives one booking and its first answer back (422 for another request), and
 * the mail starts only once the booking has committed, never for a replay.
 */
export async function bookTable(
  deps: { db: Kysely<DB>; notifications: ReservationNotifications },
  request: { userId: string; input: MakeReservationInput; language: Language; idempotencyKey: string | undefined },
): Promise<Answer<ReservationResponse, 201> & { replayed: boolean }> {
  const { db, notifications } = deps;
  const { userId, input, language, idempotencyKey } = request;
  const key = idempotencyKey === undefined ? undefined : { userId, operation: "makeReservation", key: idempotencyKey };
  const requestHash = requestFingerprint(bookingIntent(input));
  const context = await findNewBookingContext(db, {
    userId,
    restaurantId: input.restaurantId,
    tableId: input.tableId,
    key,
  });
  // The account was deleted since the session was checked: like any ended session.
  if (!context) throw unauthorized("invalid_token", "apiErrors.invalidToken");
  const replay = replayOfStored<ReservationResponse, 201>(context, requestHash);
  if (replay) return replay;

  const now = new Date();
  const { seating, status } = bookableSeating(rulesContext(context), input, now);
  const booking: NewTableBooking = {
    id: randomUUID(),
    createdAt: now,
    userId,
    restaurantId: input.restaurantId,
    tableId: input.tableId,
    startsAt: seating.startsAt,
    endsAt: seating.endsAt,
    partySize: input.numberOfPeople,
    specialRequests: input.specialRequests,
    status,
  };
  // The rules found the restaurant: its fields are there.
  const view = newBookingView(context as NewBookingPlace, {
    ...booking,
    tableNumber: context.table_number,
    offerId: null,
  });
  const message = status === "confirmed" ? "apiMessages.reservationConfirmed" : "apiMessages.reservationPending";
  const answer: Answer<ReservationResponse, 201> = {
    statusCode: 201,
    body: { success: true, message: translateShared(language, message), reservation: toReservation(view, language) },
  };
  const mail = notifications.bookedMail(view);

  let stored: StoredMailRow;
  try {
    stored = await bookTableInOneStatement(db, key !== undefined, {
      ...booking,
      ...mail.staged.values,
      leaseMs: mail.staged.leaseMs,
      ...keyedAnswerValues(key, requestHash, answer),
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw tableTaken();
    // A request with the same key committed while this one was on its way: its answer stands.
    return replayIfKeyTaken(db, error, key, requestHash);
  }
  mail.deliver(stored)();
  return { ...answer, replayed: false };
}
