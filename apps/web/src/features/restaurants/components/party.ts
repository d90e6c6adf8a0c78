import { PEOPLE_PER_RESERVATION } from "@tavolo/shared/constants";

/** The party a search for a table assumes until the diner says otherwise (decision 026). */
export { DEFAULT_PARTY } from "@tavolo/shared/page-query";

/** 1 to 10 people, the party sizes a booking takes. */
export const PARTY_SIZES = Array.from(
  { length: PEOPLE_PER_RESERVATION.max - PEOPLE_PER_RESERVATION.min + 1 },
  (_, index) => PEOPLE_PER_RESERVATION.min + index,
);
