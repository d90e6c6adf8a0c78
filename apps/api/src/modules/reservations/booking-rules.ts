import { BOOKING_HORIZON_DAYS } from "@tavolo/shared/constants";
import { checkSeating, type Seating, type SeatingProblem } from "@tavolo/shared/reservation-slots";
import type { MakeReservationInput } from "@tavolo/shared/reservations";
import { AppError, badRequest, notFound } from "../../errors";
import { restaurantNotFound } from "../restaurants/restaurants.service";
import type { BookingContextRow } from "./reservations.repository";

/** Why a seating cannot be booked, as the 400 the diner reads. */
/** No table of the restaurant seats the party: a move, or a wait, that could never be met. */
export const partyTooLarge = (people: number) => badRequest("party_too_large", "apiErrors.partyTooLarge", { people });

export function seatingProblemError(problem: SeatingProblem): AppError {
  switch (problem) {
    case "dateInPast":
      return badRequest("date_in_past", "validation.dateInPast");
    case "dateTooFar":
      return badRequest("date_too_far", "apiErrors.dateTooFar", { days: BOOKING_HORIZON_DAYS });
    case "closed":
      return badRequest("restaurant_closed", "apiErrors.restaurantClosed");
    case "notASlot":
      return badRequest("time_not_available", "apiErrors.timeNotAvailable");
    case "timeInPast":
      return badRequest("time_in_past", "apiErrors.timeInPast");
  }
}

/** What a seating is asked by: makeReservation's and modifyReservation's fields alike. */
type SeatingRequest = Pick<MakeReservationInput, "date" | "time" | "numberOfPeople">;

/** The seating asked for, when the restaurant exists and it is an open seating in the future. */
export function requestedSeating(
  context: Pick<BookingContextRow, "opening_hours" | "time_zone"> | undefined,
  request: SeatingRequest,
  now: Date,
): Seating {
  if (!context) throw restaurantNotFound();
  const check = checkSeating(context.opening_hours, context.time_zone, request.date, request.time, now);
  if (!check.ok) throw seatingProblemError(check.problem);
  return check.seating;
}

/**
 * The rules of decision 007 for a booking request, checked before anything is written: the restaurant
 * exists, the table is one of its tables in service and seats the party, and the date and time are
 * an open seating in the future. Whether the table is free is left to the database's constraint.
 * The status follows the restaurant's policy: confirmed at once, or pending its confirmation.
 * A move (modifyReservation) is checked by the same rules.
 */
export function bookableSeating(
  context: BookingContextRow | undefined,
  request: SeatingRequest,
  now: Date,
): { seating: Seating; status: "confirmed" | "pending" } {
  if (!context) throw restaurantNotFound();
  if (context.table_id === null) throw notFound("table_not_found", "apiErrors.tableNotFound");
  if (!context.table_active) throw new AppError(409, "table_unavailable", "apiErrors.tableUnavailable");
  const seating = requestedSeating(context, request, now);
  const capacity = context.table_capacity ?? 0;
  if (request.numberOfPeople > capacity) {
    throw badRequest("table_too_small", "apiErrors.tableTooSmall", { capacity, people: request.numberOfPeople });
  }
  return { seating, status: context.auto_confirm ? "confirmed" : "pending" };
}
