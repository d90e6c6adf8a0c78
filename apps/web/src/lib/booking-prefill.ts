import { PEOPLE_PER_RESERVATION } from "@tavolo/shared/constants";
import { CLOCK_TIME, ISO_DATE } from "@tavolo/shared/clock-patterns";

/** What a link to the booking form may choose ahead: the form takes its own default for the rest. */
export interface BookingPrefill {
  date?: string;
  time?: string;
  people?: number;
}

/**
 * The form's prefill from its URL (`?date=&time=&people=`, decision 026). Whatever does not look
 * right is left out and takes the form's own default: a hand-edited link never breaks the form, and
 * the server still checks every rule when the diner books. Read by the form's page, and by the app
 * when it starts at the form from a chip tapped before it ran (booking-prefetch.ts, decision 080).
 */
export function bookingPrefillFrom(params: URLSearchParams): BookingPrefill {
  const date = params.get("date") ?? "";
  const time = params.get("time") ?? "";
  const people = Number(params.get("people"));
  return {
    date: ISO_DATE.test(date) ? date : undefined,
    time: CLOCK_TIME.test(time) ? time : undefined,
    people:
      Number.isInteger(people) && people >= PEOPLE_PER_RESERVATION.min && people <= PEOPLE_PER_RESERVATION.max
        ? people
        : undefined,
  };
}
