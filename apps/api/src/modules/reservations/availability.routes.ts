import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import {
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
};
