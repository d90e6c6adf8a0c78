import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import { DEFAULT_LANGUAGE, type Language } from "@tavolo/shared/languages";
import { lastMinuteIdParamsSchema } from "@tavolo/shared/offers";
import { restaurantIdParamsSchema } from "@tavolo/shared/restaurants";
import { shareCardQuerySchema } from "@tavolo/shared/seo";
import type { OfferService } from "../offers/offers.service";
import type { RestaurantService } from "../restaurants/restaurants.service";
import type { ShareCardCache } from "./share-card-cache";
import { genericCard, offerCard, restaurantCard, shareCardRoutes, type ShareCard } from "./share-card-content";

const tags = ["share cards"];
const pngAnswer = {
  description: "The share card: a PNG of 1200×630 pixels (og:image of the page)",
  content: { "image/png": { schema: z.string().describe("PNG bytes") } },
};
/** A URL whose `v` matches the content never changes; one without (or outdated) is checked hourly. */
const VERSIONED = "public, max-age=31536000, immutable";
const UNVERSIONED = "public, max-age=3600";

/**
 * GET /share/tavolo.png, /share/restaurants/:id.png and /share/lastminute/:id.png: the images link
 * previews show (og:image), drawn once per content and cached (decision 028). 404 for an unknown
 * restaurant or offer, 400 for a malformed id or language.
 */
export const shareCardRoutesPlugin: FastifyPluginAsyncZod<{
  restaurants: RestaurantService;
  offers: OfferService;
  cards: ShareCardCache;
}> = async (app, { restaurants, offers, cards }) => {
  async function send(request: FastifyRequest, reply: FastifyReply, card: ShareCard, asked: string | undefined) {
    const { png, version } = await cards.png(card);
    const etag = `"${version}"`;
    void reply
      .header("etag", etag)
      .header("cache-control", asked === version ? VERSIONED : UNVERSIONED)
      // Other sites show the card (a chat's web client drawing a link preview): helmet's same-origin would block it.
      .header("cross-origin-resource-policy", "cross-origin");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("image/png").send(png);
  }
  const language = (lang: Language | undefined) => lang ?? DEFAULT_LANGUAGE;

  app.get(
    shareCardRoutes.generic,
    {
      schema: {
        tags,
        summary: "Share card of the home and search pages",
        querystring: shareCardQuerySchema,
        response: { 200: pngAnswer, ...errorResponses(400) },
      },
    },
    (request, reply) => send(request, reply, genericCard(language(request.query.lang)), request.query.v),
  );

  app.get(
    shareCardRoutes.restaurant,
    {
      schema: {
        tags,
        summary: "Share card of a restaurant page: name, city, cuisines and picture",
        params: restaurantIdParamsSchema,
        querystring: shareCardQuerySchema,
        response: { 200: pngAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const lang = language(request.query.lang);
      const { restaurant } = await restaurants.getById(request.params.id, lang);
      return send(request, reply, restaurantCard(restaurant, lang), request.query.v);
    },
  );

  app.get(
    shareCardRoutes.offer,
    {
      schema: {
        tags,
        summary: "Share card of a Last Minute offer: restaurant, city, discount, date, time and booking deadline",
        params: lastMinuteIdParamsSchema,
        querystring: shareCardQuerySchema,
        response: { 200: pngAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const lang = language(request.query.lang);
      const { offer } = await offers.byId(request.params.id, lang);
      return send(request, reply, offerCard(offer, lang), request.query.v);
    },
  );
};
