import { BOOKING_HORIZON_DAYS } from "@tavolo/shared/constants";
import { checkSeating, type Seating, type SeatingProblem } from "@tavolo/shared/reservation-slots";
import type { MakeReservationInput } from "@tavolo/shared/reservations";
import { AppError, badRequest, notFound } from "../../errors";
import { restaurantNotFound } from "../restaurants/restaurants.service";
import type { BookingContextRow } from "./reservations.repository";

/** Why a seating cannot be booked, as the 400 the diner reads. */
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

/**
 * The rules of issue 5 for a booking request, checked before anything is written: the restaurant
 * exists, the table is one of its tables in service and seats the party, and the date and time are
 * an open seating in the future. Whether the table is free is left to the database's constraint.
 * The status follows the restaurant's policy: confirmed at once, or pending its confirmation.
 */
export function bookableSeating(
  context: BookingContextRow | undefined,
  input: MakeReservationInput,
  now: Date,
): { seating: Seating; status: "confirmed" | "pending" } {
  if (!context) throw restaurantNotFound();
  if (context.table_id === null) throw notFound("table_not_found", "apiErrors.tableNotFound");
  if (!context.table_active) throw new AppError(409, "table_unavailable", "apiErrors.tableUnavailable");
  const check = checkSeating(context.opening_hours, context.time_zone, input.date, input.time, now);
  if (!check.ok) throw seatingProblemError(check.problem);
  const capacity = context.table_capacity ?? 0;
  if (input.numberOfPeople > capacity) {
    throw badRequest("table_too_small", "apiErrors.tableTooSmall", { capacity, people: input.numberOfPeople });
  }
  return { seating: check.seating, status: context.auto_confirm ? "confirmed" : "pending" };
}
