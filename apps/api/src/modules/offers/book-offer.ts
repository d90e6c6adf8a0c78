import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Language } from "@tavolo/shared/languages";
import type { BookLastMinuteInput, BookLastMinuteResponse } from "@tavolo/shared/offers";
import type { DB } from "../../db/schema";
import { AppError, notFound, unauthorized } from "../../errors";
import {
  keyedAnswerValues,
  replayIfKeyTaken,
  replayOf,
  replayOfStored,
  requestFingerprint,
  type Answer,
} from "../reservations/idempotency";
import { findStoredAnswer } from "../reservations/idempotency.repository";
import { newBookingView, type NewBooking, type NewBookingPlace } from "../reservations/new-booking-view";
import type { ReservationNotifications } from "../reservations/reservation-notifications";
import { bookOfferInOneStatement } from "../reservations/reservation-writes.repository";
import { toReservation } from "../reservations/reservations.mapper";
import { findOfferBookingContext, findOfferState, type OfferViewRow } from "./offers.repository";
import { toOffer } from "./offers.mapper";
import { seatsLeftFields } from "./seats-left";

export const offerNotFound = () => notFound("offer_not_found", "apiErrors.offerNotFound");

/** Why nothing was taken: gone, past its deadline, or not enough seats (by the same clock). */
async function refusal(db: Kysely<DB>, userId: string, input: BookLastMinuteInput, at: Date) {
  const state = await findOfferState(db, input.lastMinuteId, userId);
  if (!state) return offerNotFound();
  // The account was deleted while this request ran: like any ended session (decision 021).
  if (!state.diner_exists) return unauthorized("invalid_token", "apiErrors.invalidToken");
  if (state.book_until_at <= at) return new AppError(409, "offer_expired", "apiErrors.offerExpired");
  if (state.available_seats === 0) return new AppError(409, "offer_sold_out", "apiErrors.offerSoldOut");
  return new AppError(
    409,
    "offer_sold_out",
    "apiErrors.offerNotEnoughSeats",
    { count: state.available_seats },
    { availableSeats: state.available_seats },
  );
}

/**
 * bookLastMinute in two round trips, as a table booking is (decision 074): one read of the offer,
 * its place, the diner and the key's answer; the answer and the mail made here; one statement that
 * takes the seats while enough are left and the deadline has not passed (DESIGN §4), books them,
 * claims the key and stores the mail, all or nothing. The seats the booking leaves are known only in
 * that statement: it writes them into the stored answer's offer, and returns them for the answer
 * sent (`seats-left.ts`, one rule for both).
 */
export async function bookOffer(
  deps: { db: Kysely<DB>; notifications: ReservationNotifications; now: () => Date },
  request: { userId: string; input: BookLastMinuteInput; language: Language; idempotencyKey: string | undefined },
): Promise<Answer<BookLastMinuteResponse, 201> & { replayed: boolean }> {
  const { db, notifications, now } = deps;
  const { userId, input, language, idempotencyKey } = request;
  const key = idempotencyKey === undefined ? undefined : { userId, operation: "bookLastMinute", key: idempotencyKey };
  const requestHash = requestFingerprint({
    lastMinuteId: input.lastMinuteId,
    people: input.people,
    notes: input.notes,
  });
  const context = await findOfferBookingContext(db, { userId, offerId: input.lastMinuteId, key });
  // The account was deleted since the session was checked: like any ended session.
  if (!context) throw unauthorized("invalid_token", "apiErrors.invalidToken");
  const replay = replayOfStored<BookLastMinuteResponse, 201>(context, requestHash);
  if (replay) return replay;
  if (context.id === null) throw offerNotFound();
  const at = now();
  const offer = context as typeof context & OfferViewRow & { starts_at: Date; ends_at: Date };
  const place: NewBookingPlace = {
    ...(offer as NewBookingPlace),
    lat: offer.restaurant_lat!,
    lng: offer.restaurant_lng!,
    categories: offer.restaurant_categories!,
  };
  const booking: NewBooking = {
    id: randomUUID(),
    createdAt: new Date(),
    userId,
    restaurantId: offer.restaurant_id,
    tableId: null,
    tableNumber: null,
    offerId: offer.id,
    startsAt: offer.starts_at,
    endsAt: offer.ends_at,
    partySize: input.people,
    specialRequests: input.notes,
    status: "confirmed",
  };
  const view = newBookingView(place, booking);
  const body: BookLastMinuteResponse = {
    success: true,
    message: translateShared(language, "apiMessages.offerBooked"),
    reservation: toReservation(view, language),
    // The seats left are the statement's: set below from what it took.
    offer: toOffer(offer, language, at),
  };
  const mail = notifications.bookedMail(view);

  let booked: Awaited<ReturnType<typeof bookOfferInOneStatement>>;
  try {
    booked = await bookOfferInOneStatement(db, key !== undefined, {
      ...mail.staged.values,
      leaseMs: mail.staged.leaseMs,
      id: booking.id,
      createdAt: booking.createdAt,
      userId,
      offerId: offer.id,
      people: input.people,
      notes: input.notes,
      now: at,
      ...keyedAnswerValues(key, requestHash, { statusCode: 201, body }),
    });
  } catch (error) {
    // A request with the same key committed while this one was on its way: its answer stands.
    return replayIfKeyTaken(db, error, key, requestHash);
  }
  if (!booked) {
    // Nothing taken. A request with the same key may have taken the last seats: its answer stands.
    const earlier = key && (await findStoredAnswer(db, key));
    if (earlier) return replayOf(earlier, requestHash);
    throw await refusal(db, userId, input, at);
  }
  mail.deliver(booked)();
  const offerAfter = { ...body.offer, ...seatsLeftFields(booked.available_seats) };
  return { statusCode: 201, body: { ...body, offer: offerAfter }, replayed: false };
}
