import { z } from "zod";
import { CLOCK_TIME } from "./dates";
import { userIdSchema } from "./auth";
import { SEARCH_CATEGORIES } from "./categories";
import { IDEMPOTENCY_KEY_HEADER, PEOPLE_PER_RESERVATION, SPECIAL_REQUESTS_MAX_LENGTH } from "./constants";

/** Requests and answers of table reservations (SPEC §3, §7; decision 007). Messages are shared i18n keys. */

export const RESERVATION_STATUSES = ["pending", "confirmed", "completed", "rejected", "cancelled"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** The statuses of a live booking (cancellable, movable). */
export const ACTIVE_RESERVATION_STATUSES = ["pending", "confirmed"] as const satisfies readonly ReservationStatus[];
/**
 * What a stored row may also be (decision 029): a table or seats held for a waiting diner, and a hold
 * that was declined or lapsed. Neither is a booking: answers about bookings never list them.
 */
export const HOLD_STATUSES = ["held", "released"] as const;
export type StoredReservationStatus = ReservationStatus | (typeof HOLD_STATUSES)[number];
/**
 * The statuses that occupy a table or seats: the exclusion constraint covers exactly these (a hold
 * is taken like a booking), and so does every availability answer.
 */
export const OCCUPYING_RESERVATION_STATUSES = [
  "pending",
  "confirmed",
  "held",
] as const satisfies readonly StoredReservationStatus[];

/** A missing field gets the form's 'fields marked with * are required'; a malformed one its own message. */
const requiredOr =
  (key: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null || issue.input === "" ? "validation.requiredFields" : key;

const absentAsUndefined = (value: unknown) => (value === null || value === "" ? undefined : value);

/** POST /client/makeReservation (SPEC §7 payload). The caller comes from the token; `userId` may only repeat it. */
export const makeReservationRequestSchema = z.object({
  userId: z.preprocess(absentAsUndefined, userIdSchema.optional()),
  restaurantId: z.uuid({ error: requiredOr("validation.restaurantIdInvalid") }),
  date: z.iso.date({ error: requiredOr("validation.date") }),
  time: z.string({ error: requiredOr("validation.time") }).regex(CLOCK_TIME, { error: requiredOr("validation.time") }),
  // A JSON number only: "2" is refused, as the OpenAPI document says (decision 019). The forms hold numbers.
  numberOfPeople: z
    .number({ error: requiredOr("validation.people") })
    .int("validation.people")
    .min(PEOPLE_PER_RESERVATION.min, "validation.people")
    .max(PEOPLE_PER_RESERVATION.max, "validation.people"),
  tableId: z.uuid({ error: requiredOr("validation.tableIdInvalid") }),
  // Optional in the published document (a generated client may leave it out); absent or null is "".
  specialRequests: z
    .string({ error: "validation.invalidInput" })
    .trim()
    .max(SPECIAL_REQUESTS_MAX_LENGTH, "validation.specialRequestsTooLong")
    .nullish()
    .transform((value) => value ?? ""),
});
export type MakeReservationRequest = z.input<typeof makeReservationRequestSchema>;
export type MakeReservationInput = z.output<typeof makeReservationRequestSchema>;

/**
 * POST /client/modifyReservation/:id: move one of the caller's upcoming table bookings to another
 * seating, party or table. The rules are makeReservation's (the same field schemas); without
 * `tableId` the server picks the smallest free table that seats the party.
 */
export const modifyReservationRequestSchema = makeReservationRequestSchema
  .pick({ date: true, time: true, numberOfPeople: true })
  .extend({ tableId: z.preprocess(absentAsUndefined, makeReservationRequestSchema.shape.tableId.optional()) });
export type ModifyReservationRequest = z.input<typeof modifyReservationRequestSchema>;
export type ModifyReservationInput = z.output<typeof modifyReservationRequestSchema>;

/** The Idempotency-Key header (constants.ts): visible ASCII, as HTTP header values allow without escaping. */
export { IDEMPOTENCY_KEY_HEADER };
export const idempotencyKeySchema = z
  .string({ error: "validation.idempotencyKey" })
  .regex(/^[\x21-\x7e]{1,255}$/, "validation.idempotencyKey");
export const makeReservationHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() });

export const reservationIdParamsSchema = z.object({ id: z.uuid({ error: "validation.reservationIdInvalid" }) });
export const userReservationsParamsSchema = z.object({ userId: userIdSchema });

/** The restaurant as a reservation carries it (SPEC §3). */
export const reservationRestaurantSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  /** The spec's single "lat,lng" text. */
  location: z.string(),
  city: z.string(),
  address: z.string(),
  categories: z.array(z.enum(SEARCH_CATEGORIES)),
});
export type ReservationRestaurant = z.output<typeof reservationRestaurantSchema>;

/**
 * A reservation (SPEC §3), with the seating as instants and whether the diner may still cancel it.
 * The spec's other spellings (`table.number`, `partySize`, `people`) are never sent: this is the one
 * shape both sides read.
 */
export const reservationSchema = z.object({
  id: z.string(),
  restaurantId: z.string(),
  restaurantName: z.string(),
  restaurant: reservationRestaurantSchema,
  /** "YYYY-MM-DD" and "HH:MM" on the restaurant's wall clock. */
  date: z.string(),
  time: z.string(),
  /** A table booking, or a Last Minute offer booking (no table; `lastMinuteId` names the offer). */
  kind: z.enum(["table", "lastMinute"]),
  lastMinuteId: z.string().nullable(),
  tableId: z.string().nullable(),
  tableNumber: z.number().int().nullable(),
  numberOfPeople: z.number().int(),
  status: z.enum(RESERVATION_STATUSES),
  createdAt: z.string(),
  specialRequests: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  canCancel: z.boolean(),
  /** The diner answered the reminder with "Ci sarò" (decision 046); shown on /history. */
  attending: z.boolean(),
});
export type Reservation = z.output<typeof reservationSchema>;

/** makeReservation (201), modifyReservation and cancelReservation (200). */
export const reservationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  reservation: reservationSchema,
});
export type ReservationResponse = z.output<typeof reservationResponseSchema>;

/** GET /client/getUserReservations/:userId */
export const userReservationsResponseSchema = z.object({
  success: z.literal(true),
  reservations: z.array(reservationSchema),
});
export type UserReservationsResponse = z.output<typeof userReservationsResponseSchema>;
