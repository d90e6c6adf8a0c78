import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import {
  IDEMPOTENCY_KEY_HEADER,
  makeReservationHeadersSchema,
  makeReservationRequestSchema,
  modifyReservationRequestSchema,
  reservationIdParamsSchema,
  reservationResponseSchema,
  userReservationsParamsSchema,
  userReservationsResponseSchema,
} from "@tavolo/shared/reservations";
import { availableTablesQuerySchema, availableTablesResponseSchema } from "@tavolo/shared/restaurants";
import { requestLanguage } from "../../i18n/request-language";
import { SIGNED_IN } from "../../plugins/api-docs";
import { assertCaller, callerId, callerNamedBy } from "../../plugins/auth";
import { sendIdempotentAnswer } from "./idempotency";
import type { AvailabilityService } from "./availability.service";
import type { CancelBooking, ReservationService } from "./reservations.service";

const tags = ["reservations"];

/** A signed-in diner's bookings (SPEC §7, decision 007); every object must be the caller's (DESIGN §5). */
export const reservationRoutes: FastifyPluginAsyncZod<{
  reservations: ReservationService;
  /** The module's cancel operation, which clears the availability caches itself. */
  cancelBooking: CancelBooking;
  availability: AvailabilityService;
  /** Called by each booking and cancellation: no process keeps showing a table free that is not. */
  invalidateAvailability: () => void;
}> = async (app, { reservations, cancelBooking, availability, invalidateAvailability }) => {
  // onRequest: an anonymous caller is told to sign in before anything about its input.
  app.addHook("onRequest", app.requireUser);

  app.post(
    "/makeReservation",
    {
      schema: {
        tags,
        summary: "Book a table (201); a retry with the same Idempotency-Key gets the first answer",
        body: makeReservationRequestSchema,
        headers: makeReservationHeadersSchema,
        security: SIGNED_IN,
        response: {
          201: reservationResponseSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const answer = await reservations.make(
        callerNamedBy(request, request.body.userId),
        request.body,
        requestLanguage(request),
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      return sendIdempotentAnswer(reply, answer, invalidateAvailability);
    },
  );

  app.post(
    "/modifyReservation/:id",
    {
      schema: {
        tags,
        summary:
          "Move one of the caller's upcoming table bookings to another time, party or table (the smallest free one " +
          "when none is named); 409 leaves it as it was; a retry with the same Idempotency-Key gets the first answer",
        params: reservationIdParamsSchema,
        body: modifyReservationRequestSchema,
        headers: makeReservationHeadersSchema,
        security: SIGNED_IN,
        response: { 200: reservationResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const answer = await reservations.modify(
        callerId(request),
        request.params.id,
        request.body,
        requestLanguage(request),
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      // Two seatings changed: the one left is free again, the one taken is not.
      return sendIdempotentAnswer(reply, answer, invalidateAvailability);
    },
  );

  app.get(
    "/getAvailableTablesForMove/:id",
    {
      schema: {
        tags,
        summary:
          "Where one of the caller's upcoming table bookings could move: getAvailableTables for its restaurant, " +
          "with the booking's own seating counted free (a move within it is accepted)",
        params: reservationIdParamsSchema,
        querystring: availableTablesQuerySchema,
        security: SIGNED_IN,
        response: { 200: availableTablesResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => availability.tablesForMove(callerId(request), request.params.id, request.query),
  );

  app.post(
    "/cancelReservation/:id",
    {
      schema: {
        tags,
        summary: "Cancel one of the caller's upcoming bookings",
        params: reservationIdParamsSchema,
        security: SIGNED_IN,
        response: { 200: reservationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cancelBooking(callerId(request), request.params.id, requestLanguage(request)),
  );

  app.get(
    "/getUserReservations/:userId",
    {
      schema: {
        tags,
        summary: "The caller's bookings, newest seating first",
        params: userReservationsParamsSchema,
        security: SIGNED_IN,
        response: { 200: userReservationsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => reservations.history(assertCaller(request, request.params.userId), requestLanguage(request)),
  );
};
