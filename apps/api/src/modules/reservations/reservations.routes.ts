import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  IDEMPOTENCY_KEY_HEADER,
  makeReservationHeadersSchema,
  makeReservationRequestSchema,
  reservationIdParamsSchema,
  userReservationsParamsSchema,
} from "@tavolo/shared/reservations";
import { requestLanguage } from "../../i18n/request-language";
import { assertCaller, callerId, callerNamedBy } from "../../plugins/auth";
import type { ReservationService } from "./reservations.service";

const tags = ["reservations"];

/** A signed-in diner's bookings (SPEC §7, issue 5); every object must be the caller's (DESIGN §5). */
export const reservationRoutes: FastifyPluginAsyncZod<{
  reservations: ReservationService;
  /** Called by each booking and cancellation: no process keeps showing a table free that is not. */
  invalidateAvailability: () => void;
}> = async (app, { reservations, invalidateAvailability }) => {
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
      },
    },
    async (request, reply) => {
      const answer = await reservations.make(
        callerNamedBy(request, request.body.userId),
        request.body,
        requestLanguage(request),
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      if (answer.replayed) void reply.header("idempotent-replayed", "true");
      else invalidateAvailability();
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    "/cancelReservation/:id",
    { schema: { tags, summary: "Cancel one of the caller's upcoming bookings", params: reservationIdParamsSchema } },
    async (request) => {
      const answer = await reservations.cancel(callerId(request), request.params.id, requestLanguage(request));
      // A table, or an offer's seats, is free again.
      invalidateAvailability();
      return answer;
    },
  );

  app.get(
    "/getUserReservations/:userId",
    {
      schema: { tags, summary: "The caller's bookings, newest seating first", params: userReservationsParamsSchema },
    },
    (request) => reservations.history(assertCaller(request, request.params.userId), requestLanguage(request)),
  );
};
