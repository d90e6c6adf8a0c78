import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import {
  availableLastMinuteQuerySchema,
  bookLastMinuteRequestSchema,
  bookLastMinuteResponseSchema,
  cityInterestListResponseSchema,
  cityInterestParamsSchema,
  cityInterestRemovedResponseSchema,
  lastMinuteByCityQuerySchema,
  lastMinuteIdParamsSchema,
  lastMinuteListResponseSchema,
  lastMinuteOfferResponseSchema,
  registerCityInterestRequestSchema,
  registerCityInterestResponseSchema,
} from "@tavolo/shared/offers";
import { IDEMPOTENCY_KEY_HEADER, makeReservationHeadersSchema } from "@tavolo/shared/reservations";
import type { PublicReadCache } from "../../http/public-read-cache";
import { requestLanguage } from "../../i18n/request-language";
import { SIGNED_IN } from "../../plugins/api-docs";
import { callerId, callerNamedBy } from "../../plugins/auth";
import { sendIdempotentAnswer } from "../reservations/idempotency";
import type { OfferService } from "./offers.service";
import { noStore } from "../../http/no-store";

const tags = ["last minute"];

/**
 * Public reads of Last Minute offers (SPEC §7). Lists are kept a few seconds (decision 009): a card's
 * countdown runs on the client's clock and booking re-checks seats, so a list that old misleads
 * no one. The detail, where the diner books, is always fresh.
 */
export const offerReadRoutes: FastifyPluginAsyncZod<{ offers: OfferService; listCache: PublicReadCache }> = async (
  app,
  { offers, listCache },
) => {
  app.get(
    "/getAvailableLastMinute",
    {
      schema: {
        tags,
        summary:
          "Live offers near lat/lng within radius km (1–50), nearest first; without coordinates, all, soonest first",
        querystring: availableLastMinuteQuerySchema,
        response: { 200: lastMinuteListResponseSchema, ...errorResponses(400) },
      },
    },
    (request, reply) => {
      const language = requestLanguage(request);
      return listCache.respond(request, reply, language, lastMinuteListResponseSchema, () =>
        offers.available(request.query, language),
      );
    },
  );

  app.get(
    "/getLastMinuteByCity",
    {
      schema: {
        tags,
        summary: "Live offers of a city, and of the cities within radius km when includeNearbyCities",
        querystring: lastMinuteByCityQuerySchema,
        response: { 200: lastMinuteListResponseSchema, ...errorResponses(400, 404) },
      },
    },
    (request, reply) => {
      const language = requestLanguage(request);
      return listCache.respond(request, reply, language, lastMinuteListResponseSchema, () =>
        offers.byCity(request.query, language),
      );
    },
  );

  app.get(
    "/getLastMinuteById/:id",
    {
      schema: {
        tags,
        summary: "One offer; isExpired / isSoldOut say when it can no longer be booked",
        params: lastMinuteIdParamsSchema,
        response: { 200: lastMinuteOfferResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return offers.byId(request.params.id, requestLanguage(request));
    },
  );
};

/** Signed-in actions on offers. */
export const offerActionRoutes: FastifyPluginAsyncZod<{ offers: OfferService; invalidateLists: () => void }> = async (
  app,
  { offers, invalidateLists },
) => {
  // onRequest: an anonymous caller is told to sign in before anything about its input.
  app.addHook("onRequest", app.requireUser);
  app.addHook("onRequest", noStore);

  app.post(
    "/bookLastMinute",
    {
      schema: {
        tags,
        summary:
          "Book seats of an offer (201; 409 offer_expired / offer_sold_out); Idempotency-Key replays the first answer",
        body: bookLastMinuteRequestSchema,
        headers: makeReservationHeadersSchema,
        security: SIGNED_IN,
        response: {
          201: bookLastMinuteResponseSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const answer = await offers.book(
        callerNamedBy(request, request.body.userId),
        request.body,
        requestLanguage(request),
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      // Seats moved: every process's lists show it at once.
      return sendIdempotentAnswer(reply, answer, invalidateLists);
    },
  );

  app.post(
    "/registerCityAvailabilityInterest",
    {
      schema: {
        tags,
        summary: "E-mail me when offers are published in this city (and nearby ones within radius km)",
        body: registerCityInterestRequestSchema,
        security: SIGNED_IN,
        response: {
          200: registerCityInterestResponseSchema,
          ...errorResponses(401, 404),
        },
      },
    },
    (request) => offers.registerInterest(callerId(request), request.body, requestLanguage(request)),
  );

  app.get(
    "/city-interests",
    {
      schema: {
        tags,
        summary: "The caller's city alerts, by city name",
        security: SIGNED_IN,
        response: { 200: cityInterestListResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => offers.listInterests(callerId(request), requestLanguage(request)),
  );

  app.delete(
    "/city-interests/:city",
    {
      schema: {
        tags,
        summary: "Stop the caller's alert for a city (by slug); 200 also when there was none, 404 for an unknown city",
        params: cityInterestParamsSchema,
        security: SIGNED_IN,
        response: { 200: cityInterestRemovedResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => offers.removeInterest(callerId(request), request.params.city, requestLanguage(request)),
  );
};
