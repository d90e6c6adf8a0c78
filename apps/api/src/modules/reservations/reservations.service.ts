import type { Kysely } from "kysely";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Language } from "@tavolo/shared/languages";
import type {
  MakeReservationInput,
  ModifyReservationInput,
  ReservationResponse,
  UserReservationsResponse,
} from "@tavolo/shared/reservations";
import type { DB } from "../../db/schema";
import { AppError, forbidden } from "../../errors";
import { bookTable } from "./book-table";
import type { Answer } from "./idempotency";
import { moveBooking, reservationNotFound } from "./move-reservation";
import { lineOf, type FreedTrigger } from "./freed-trigger";
import type { ReservationNotifications } from "./reservation-notifications";
import * as views from "./reservation-views.repository";
import * as writes from "./reservation-writes.repository";
import { toReservation } from "./reservations.mapper";

/** The most recent seatings a history answer lists. */
const HISTORY_LIMIT = 200;

const notCancellable = () => new AppError(409, "reservation_not_cancellable", "apiErrors.reservationNotCancellable");

export function createReservationService(deps: {
  db: Kysely<DB>;
  notifications: ReservationNotifications;
  freed: FreedTrigger;
}) {
  const { db, notifications, freed } = deps;

  async function viewOf(executor: Parameters<typeof views.findReservationView>[0], id: string) {
    const row = await views.findReservationView(executor, id);
    if (!row) throw reservationNotFound();
    return row;
  }

  return {
    /**
     * Books a table: the rules first (nothing is written when one fails), then one INSERT that the
     * exclusion constraint refuses if the table was taken meanwhile (409). Answers 201, or the
     * first answer again for a retry with the same Idempotency-Key.
     */
    async make(
      userId: string,
      input: MakeReservationInput,
      language: Language,
      idempotencyKey: string | undefined,
    ): Promise<Answer<ReservationResponse, 201> & { replayed: boolean }> {
      return bookTable({ db, notifications }, { userId, input, language, idempotencyKey });
    },

    /**
     * Moves one of the caller's upcoming table bookings (decision 025): answers 200 with the moved
     * booking, or the first answer again for a retry with the same Idempotency-Key. A refusal (409
     * when the new seating is taken) leaves the booking as it was.
     */
    async modify(
      userId: string,
      reservationId: string,
      input: ModifyReservationInput,
      language: Language,
      idempotencyKey: string | undefined,
    ): Promise<Answer<ReservationResponse, 200> & { replayed: boolean }> {
      const answer = await moveBooking(
        { db, notifications },
        { userId, reservationId, input, language, idempotencyKey },
      );
      // The seating left is free: the waitlist's first fitting diner gets it held (decision 029). The
      // move held the line's lock until it committed, so an empty line needs no more (decision 075).
      if (!answer.replayed)
        await freed([{ restaurantId: answer.body.reservation.restaurantId, offerId: null }], { lineLocked: true });
      return answer;
    },

    /**
     * The owner cancels a live booking before its seating starts; the table is free again at once
     * (the constraint only covers pending and confirmed). Cancelling twice answers the same.
     */
    async cancel(userId: string, id: string, language: Language): Promise<ReservationResponse> {
      const cancelled = await writes.cancelUpcomingReservation(db, id, userId);
      if (!cancelled) {
        const existing = await views.findReservationOwnerAndStatus(db, id);
        if (!existing) throw reservationNotFound();
        if (existing.user_id !== userId) throw forbidden();
        if (existing.status !== "cancelled") throw notCancellable();
      }
      const row = await viewOf(db, id);
      if (cancelled) {
        // Before the answer (and the route's cache invalidation): a freed table held for a waiting
        // diner is never shown as free meanwhile (decision 029).
        await freed([lineOf(row)]);
        await notifications.cancelled(row);
      }
      return {
        success: true,
        message: translateShared(language, "apiMessages.reservationCancelled"),
        reservation: toReservation(row, language),
      };
    },

    async history(userId: string, language: Language): Promise<UserReservationsResponse> {
      const rows = await views.listUserReservationViews(db, userId, HISTORY_LIMIT);
      return { success: true, reservations: rows.map((row) => toReservation(row, language)) };
    },
  };
}

export type ReservationService = ReturnType<typeof createReservationService>;

/**
 * The diner gives up an upcoming booking, from anywhere that knows who and which (the history's
 * button, a reminder mail's "Non riesco a venire" link): the same cancel, the same mail, the freed
 * table handed on to the waitlist, and the availability caches cleared once it has committed.
 */
export type CancelBooking = ReservationService["cancel"];
