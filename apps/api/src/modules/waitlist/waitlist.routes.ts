import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import {
  confirmHoldByLinkRequestSchema,
  holdAnswerResponseSchema,
  holdIdParamsSchema,
  holdLinkDetailsResponseSchema,
  type HoldLinkDetailsResponse,
  joinWaitlistRequestSchema,
  waitlistEntryIdParamsSchema,
  waitlistEntryResponseSchema,
  waitlistResponseSchema,
} from "@tavolo/shared/waitlist";
import { requestLanguage } from "../../i18n/request-language";
import { SIGNED_IN } from "../../plugins/api-docs";
import { callerId } from "../../plugins/auth";
import type { AuthRateLimits } from "../../config";
import { rateLimited } from "../auth/route-helpers";
import type { WaitlistService } from "./waitlist.service";

const tags = ["waitlist"];

interface WaitlistRouteOptions {
  waitlist: WaitlistService;
}

/** The signed-in diner's waitlist and holds (decision 029); each object must be the caller's. */
export const waitlistRoutes: FastifyPluginAsyncZod<WaitlistRouteOptions> = async (app, options) => {
  const { waitlist } = options;
  app.addHook("onRequest", app.requireUser);

  app.post(
    "/waitlist",
    {
      schema: {
        tags,
        summary:
          "Join the waitlist for a table ({ restaurantId, date, timeFrom, timeTo, people }) or a sold-out offer's seats " +
          "({ lastMinuteId, people }); 201 with the entry and its position; at most 5 active entries",
        body: joinWaitlistRequestSchema,
        security: SIGNED_IN,
        response: { 201: waitlistEntryResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const answer = await waitlist.join(callerId(request), request.body, requestLanguage(request));
      return reply.code(201).send(answer);
    },
  );

  app.get(
    "/waitlist",
    {
      schema: {
        tags,
        summary: "The caller's waiting entries and the holds offered to them, earliest joined first",
        security: SIGNED_IN,
        response: { 200: waitlistResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => waitlist.list(callerId(request)),
  );

  app.delete(
    "/waitlist/:id",
    {
      schema: {
        tags,
        summary: "Leave the waitlist (a hold offered to the entry is declined with it); leaving twice answers the same",
        params: waitlistEntryIdParamsSchema,
        security: SIGNED_IN,
        response: { 200: waitlistEntryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => waitlist.leave(callerId(request), request.params.id, requestLanguage(request)),
  );

  app.post(
    "/holds/:id/confirm",
    {
      schema: {
        tags,
        summary:
          "Confirm a held table: it becomes a booking (confirmation mail and .ics); idempotent; 410 once the hold has expired",
        params: holdIdParamsSchema,
        security: SIGNED_IN,
        response: { 200: holdAnswerResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    (request) => waitlist.confirm(callerId(request), request.params.id, requestLanguage(request)),
  );

  app.post(
    "/holds/:id/decline",
    {
      schema: {
        tags,
        summary: "Decline a held table: it goes to the next in line, or back to everyone; idempotent",
        params: holdIdParamsSchema,
        security: SIGNED_IN,
        response: { 200: holdAnswerResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => waitlist.decline(callerId(request), request.params.id, requestLanguage(request)),
  );
};

/**
 * The hold mail's one-tap link: no session needed, the single-use token stands for the diner.
 * Limited per client address like the other token routes (decision 035): guessing links costs a 429.
 */
export const holdLinkRoutes: FastifyPluginAsyncZod<
  WaitlistRouteOptions & {
    rateLimits: AuthRateLimits;
    holdByLink: (token: string) => Promise<HoldLinkDetailsResponse>;
  }
> = async (app, options) => {
  const { waitlist, rateLimits, holdByLink } = options;
  app.get(
    "/holds/by-link",
    {
      schema: {
        tags,
        summary:
          "What the mail's hold link would confirm (restaurant, seating, party, deadline) while it is valid; 410 with nothing of the hold once spent or expired",
        querystring: confirmHoldByLinkRequestSchema,
        response: { 200: holdLinkDetailsResponseSchema, ...errorResponses(400, 404, 410, 429) },
      },
      ...rateLimited(app, "hold-link", rateLimits),
    },
    (request) => holdByLink(request.query.token),
  );
  app.post(
    "/holds/confirm-by-link",
    {
      schema: {
        tags,
        summary:
          "Confirm a held table with the token of its mail's link (single use, expires with the hold); 410 once expired",
        body: confirmHoldByLinkRequestSchema,
        response: { 200: holdAnswerResponseSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
      ...rateLimited(app, "hold-link", rateLimits),
    },
    (request) => waitlist.confirmByLink(request.body.token, requestLanguage(request)),
  );
};
