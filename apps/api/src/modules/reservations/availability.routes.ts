import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import {
  availableSlotsQuerySchema,
  availableSlotsResponseSchema,
  availableTablesQuerySchema,
  availableTablesResponseSchema,
  restaurantIdParamsSchema,
} from "@tavolo/shared/restaurants";
import type { PublicReadCache } from "../../http/public-read-cache";
import { requestLanguage } from "../../i18n/request-language";
import type { AvailabilityService } from "./availability.service";

/**
 * Public: anyone may see which tables are free; booking one needs an account. Answers are reused a
 * few seconds (cleared by every process's bookings and cancellations) and revalidated by browsers.
 */
export const availabilityRoutes: FastifyPluginAsyncZod<{
  availability: AvailabilityService;
  cache: PublicReadCache;
}> = async (app, { availability, cache }) => {
  app.get(
    "/getAvailableTables/:id",
    {
      schema: {
        tags: ["reservations"],
        summary: "Tables of a restaurant for a date, optionally a time and a party size, with the day's open times",
        params: restaurantIdParamsSchema,
        querystring: availableTablesQuerySchema,
        response: { 200: availableTablesResponseSchema, ...errorResponses(400, 404) },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, requestLanguage(request), availableTablesResponseSchema, () =>
        availability.availableTables(request.params.id, request.query),
      ),
  );

  app.get(
    "/getAvailableSlots/:id",
    {
      schema: {
        tags: ["reservations"],
        summary: "Every start time of a day at which a table for the party is free (date: today; people: any)",
        params: restaurantIdParamsSchema,
        querystring: availableSlotsQuerySchema,
        response: { 200: availableSlotsResponseSchema, ...errorResponses(400, 404) },
      },
    },
    (request, reply) =>
      cache.respond(request, reply, requestLanguage(request), availableSlotsResponseSchema, () =>
        availability.availableSlots(request.params.id, request.query),
      ),
  );
};
