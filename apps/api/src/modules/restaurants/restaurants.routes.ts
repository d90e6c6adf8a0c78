import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import {
  citiesResponseSchema,
  filterByTypeQuerySchema,
  filterByTypeResponseSchema,
  restaurantIdParamsSchema,
  restaurantIdQuerySchema,
  restaurantResponseSchema,
  searchRestaurantsQuerySchema,
  searchRestaurantsResponseSchema,
  wantsSlots,
} from "@tavolo/shared/restaurants";
import { requestLanguage } from "../../i18n/request-language";
import type { RestaurantService } from "./restaurants.service";
import type { PublicReadCache } from "../../http/public-read-cache";

interface Options {
  restaurants: RestaurantService;
  cache: PublicReadCache;
  /** Cleared by every booking and cancellation of any process (decisions 015, 024). */
  availabilityCache: PublicReadCache;
}

const tags = ["restaurants"];
const restaurantResponses = { 200: restaurantResponseSchema, ...errorResponses(400, 404) };

/** Public catalogue reads of SPEC §7, under /api/client. */
export const restaurantRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { restaurants, cache, availabilityCache },
) => {
  app.get(
    "/searchRestaurantsByLocation",
    {
      schema: {
        tags,
        summary:
          "Restaurants of a city, best rated first; or around lat/lng within radius km, nearest first. " +
          "With date, time and people, each lists its free start times near that time, and those with any come first",
        querystring: searchRestaurantsQuerySchema,
        response: { 200: searchRestaurantsResponseSchema, ...errorResponses(400, 404) },
      },
    },
    (request, reply) => {
      const language = requestLanguage(request);
      // Free times change with every booking: such answers live in the cache bookings clear.
      const answers = wantsSlots(request.query) ? availabilityCache : cache;
      return answers.respond(request, reply, language, searchRestaurantsResponseSchema, () =>
        restaurants.search(request.query, language),
      );
    },
  );

  app.get(
    "/filterRestaurantsByType",
    {
      schema: {
        tags,
        summary: "Restaurants of one type (trattoria, pizzeria...)",
        querystring: filterByTypeQuerySchema,
        response: { 200: filterByTypeResponseSchema, ...errorResponses(400) },
      },
    },
    (request, reply) => {
      const language = requestLanguage(request);
      return cache.respond(request, reply, language, filterByTypeResponseSchema, () =>
        restaurants.filterByType(request.query, language),
      );
    },
  );

  const byId = (
    id: string,
    request: Parameters<typeof requestLanguage>[0],
    reply: Parameters<PublicReadCache["respond"]>[1],
  ) => {
    const language = requestLanguage(request);
    return cache.respond(request, reply, language, restaurantResponseSchema, () => restaurants.getById(id, language));
  };
  app.get(
    "/getRestaurantById/:id",
    {
      schema: {
        tags,
        summary: "One restaurant with hours and tables",
        params: restaurantIdParamsSchema,
        response: restaurantResponses,
      },
    },
    (request, reply) => byId(request.params.id, request, reply),
  );
  app.get(
    "/getRestaurantById",
    {
      schema: {
        tags,
        summary: "Same, id in the query",
        querystring: restaurantIdQuerySchema,
        response: restaurantResponses,
      },
    },
    (request, reply) => byId(request.query.restaurantId, request, reply),
  );
  app.get(
    "/getRestaurant",
    {
      schema: {
        tags,
        summary: "Same, older path",
        querystring: restaurantIdQuerySchema,
        response: restaurantResponses,
      },
    },
    (request, reply) => byId(request.query.restaurantId, request, reply),
  );

  app.get(
    "/getAllAvailableCities",
    {
      schema: {
        tags,
        summary: "Cities that have restaurants",
        response: { 200: citiesResponseSchema },
      },
    },
    (request, reply) => {
      const language = requestLanguage(request);
      return cache.respond(request, reply, language, citiesResponseSchema, () => restaurants.cities(language));
    },
  );
};
