import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { availableTablesQuerySchema, restaurantIdParamsSchema } from "@tavolo/shared/restaurants";
import type { AvailabilityService } from "./availability.service";

/** Public: anyone may see which tables are free; booking one needs an account. */
export const availabilityRoutes: FastifyPluginAsyncZod<{ availability: AvailabilityService }> = async (
  app,
  { availability },
) => {
  app.get(
    "/getAvailableTables/:id",
    {
      schema: {
        tags: ["reservations"],
        summary: "Tables of a restaurant for a date, optionally a time and a party size, with the day's open times",
        params: restaurantIdParamsSchema,
        querystring: availableTablesQuerySchema,
      },
    },
    (request) => availability.availableTables(request.params.id, request.query),
  );
};
