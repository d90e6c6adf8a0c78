import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  IDEMPOTENCY_KEY_HEADER,
  makeReservationHeadersSchema,
  makeReservationRequestSchema,
  reservationIdParamsSchema,
  userReservationsParamsSchema,
} from "@tavolo/shared/reservations";
import { requestLanguage } from "../../i18n/request-language";
import { assertCaller, callerId } from "../../plugins/auth";
import type { ReservationService } from "./reservations.service";

const tags = ["reservations"];

/** A signed-in diner's bookings (SPEC §7, issue 5); every object must be the caller's (DESIGN §5). */
export const reservationRoutes: FastifyPluginAsyncZod<{ reservations: ReservationService }> = async (
  app,
  { reservations },
) => {
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
      const { userId } = request.body;
      const caller = userId === undefined ? callerId(request) : assertCaller(request, userId);
      const answer = await reservations.make(
        caller,
        request.body,
        requestLanguage(request),
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      if (answer.replayed) void reply.header("idempotent-replayed", "true");
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    "/cancelReservation/:id",
    { schema: { tags, summary: "Cancel one of the caller's upcoming bookings", params: reservationIdParamsSchema } },
    (request) => reservations.cancel(callerId(request), request.params.id, requestLanguage(request)),
  );

  app.get(
    "/getUserReservations/:userId",
    {
      schema: { tags, summary: "The caller's bookings, newest seating first", params: userReservationsParamsSchema },
    },
    (request) => reservations.history(assertCaller(request, request.params.userId), requestLanguage(request)),
  );
};
