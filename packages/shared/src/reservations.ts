import { z } from "zod";
import { userIdSchema } from "./auth";
import type { SearchCategory } from "./categories";
import { IDEMPOTENCY_KEY_HEADER, PEOPLE_PER_RESERVATION, SPECIAL_REQUESTS_MAX_LENGTH } from "./constants";

/** Requests and answers of table reservations (SPEC §3, §7; issue 5). Messages are shared i18n keys. */

export const RESERVATION_STATUSES = ["pending", "confirmed", "completed", "rejected", "cancelled"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** The statuses that hold a table: the database's exclusion constraint covers exactly these. */
export const ACTIVE_RESERVATION_STATUSES = ["pending", "confirmed"] as const satisfies readonly ReservationStatus[];

/** A missing field gets the form's 'fields marked with * are required'; a malformed one its own message. */
const requiredOr =
  (key: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null || issue.input === "" ? "validation.requiredFields" : key;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const absentAsUndefined = (value: unknown) => (value === null || value === "" ? undefined : value);

/** POST /client/makeReservation (SPEC §7 payload). The caller comes from the token; `userId` may only repeat it. */
export const makeReservationRequestSchema = z.object({
  userId: z.preprocess(absentAsUndefined, userIdSchema.optional()),
  restaurantId: z.uuid({ error: requiredOr("validation.restaurantIdInvalid") }),
  date: z.iso.date({ error: requiredOr("validation.date") }),
  time: z.string({ error: requiredOr("validation.time") }).regex(HHMM, { error: requiredOr("validation.time") }),
  // A JSON number only: "2" is refused, as the OpenAPI document says (decision 019). The forms hold numbers.
  numberOfPeople: z
    .number({ error: requiredOr("validation.people") })
    .int("validation.people")
    .min(PEOPLE_PER_RESERVATION.min, "validation.people")
    .max(PEOPLE_PER_RESERVATION.max, "validation.people"),
  tableId: z.uuid({ error: requiredOr("validation.tableIdInvalid") }),
  specialRequests: z.preprocess(
    (value) => value ?? "",
    z
      .string({ error: "validation.invalidInput" })
      .trim()
      .max(SPECIAL_REQUESTS_MAX_LENGTH, "validation.specialRequestsTooLong"),
  ),
});
export type MakeReservationRequest = z.input<typeof makeReservationRequestSchema>;
export type MakeReservationInput = z.output<typeof makeReservationRequestSchema>;

/** The Idempotency-Key header (constants.ts): visible ASCII, as HTTP header values allow without escaping. */
export { IDEMPOTENCY_KEY_HEADER };
export const idempotencyKeySchema = z
  .string({ error: "validation.idempotencyKey" })
  .regex(/^[\x21-\x7e]{1,255}$/, "validation.idempotencyKey");
export const makeReservationHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() });

export const reservationIdParamsSchema = z.object({ id: z.uuid({ error: "validation.reservationIdInvalid" }) });
export const userReservationsParamsSchema = z.object({ userId: userIdSchema });

/** The restaurant as a reservation carries it (SPEC §3). */
export interface ReservationRestaurant {
  id: string;
  name: string;
  imageUrl: string;
  /** The spec's single "lat,lng" text. */
  location: string;
  city: string;
  address: string;
  categories: SearchCategory[];
}

/** A reservation (SPEC §3), with the seating as instants and whether the diner may still cancel it. */
export interface Reservation {
  id: string;
  restaurantId: string;
  restaurantName: string;
  restaurant: ReservationRestaurant;
  /** "YYYY-MM-DD" and "HH:MM" on the restaurant's wall clock. */
  date: string;
  time: string;
  /** A table booking, or a Last Minute offer booking (no table; `lastMinuteId` names the offer). */
  kind: "table" | "lastMinute";
  lastMinuteId: string | null;
  tableId: string | null;
  tableNumber: number | null;
  numberOfPeople: number;
  status: ReservationStatus;
  createdAt: string;
  specialRequests: string;
  startsAt: string;
  endsAt: string;
  canCancel: boolean;
}

/** makeReservation (201) and cancelReservation (200). */
export interface ReservationResponse {
  success: true;
  message: string;
  reservation: Reservation;
}

export interface UserReservationsResponse {
  success: true;
  reservations: Reservation[];
}
