import { sql, type Expression, type RawBuilder } from "kysely";
import type { LastMinuteOffer } from "@tavolo/shared/offers";

/** The two fields of an offer's answer that the seats left decide. */
export const seatsLeftFields = (seats: number): Pick<LastMinuteOffer, "currentAvailableSeats" | "isSoldOut"> => ({
  currentAvailableSeats: seats,
  isSoldOut: seats === 0,
});

/**
 * The same two fields written into a booking answer's offer inside the statement that takes the seats,
 * the only place the seats left after the booking are known (decision 074). `seatsLeftFields` is the
 * rule; this is it in SQL, and the offers routes' tests hold a replayed answer equal to the first.
 */
export function withSeatsLeftInOffer(answer: Expression<unknown>, seats: Expression<number>): RawBuilder<unknown> {
  return sql`jsonb_set(${answer}::jsonb, '{offer}', (${answer}::jsonb -> 'offer') ||
    jsonb_build_object('currentAvailableSeats', ${seats}, 'isSoldOut', ${seats} = 0))`;
}
