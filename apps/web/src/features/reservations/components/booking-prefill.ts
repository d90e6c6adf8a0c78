import { PEOPLE_PER_RESERVATION } from "@tavolo/shared/constants";
import type { BookingPrefill } from "./reservation-form";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The form's prefill from its URL (`?date=&time=&people=`, decision 026). Whatever does not look
 * right is left out and takes the form's own default: a hand-edited link never breaks the form, and
 * the server still checks every rule when the diner books.
 */
export function bookingPrefillFrom(params: URLSearchParams): BookingPrefill {
  const date = params.get("date") ?? "";
  const time = params.get("time") ?? "";
  const people = Number(params.get("people"));
  return {
    date: ISO_DATE.test(date) ? date : undefined,
    time: TIME.test(time) ? time : undefined,
    people:
      Number.isInteger(people) && people >= PEOPLE_PER_RESERVATION.min && people <= PEOPLE_PER_RESERVATION.max
        ? people
        : undefined,
  };
}
