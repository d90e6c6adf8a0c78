import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import {
  MAX_FAVORITES,
  favoriteChangeResponseSchema,
  favoritesResponseSchema,
  type FavoriteChangeResponse,
  type FavoritesResponse,
} from "@tavolo/shared/favorites";
import { restaurantIdSchema } from "@tavolo/shared/restaurants";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors";
import { requestLanguage } from "../../i18n/request-language";
import { SIGNED_IN } from "../../plugins/api-docs";
import { callerId } from "../../plugins/auth";
import { toRestaurantSummary } from "../restaurants/restaurants.mapper";
import { restaurantExists } from "../restaurants/restaurants.repository";
import { restaurantNotFound } from "../restaurants/restaurants.service";
import * as repo from "./favorites.repository";

const tags = ["favorites"];
const params = z.object({ restaurantId: restaurantIdSchema });

/**
 * Favorites (DESIGN §1). Every route works on the caller's own list only, so another user's
 * favorites cannot even be named.
 */
export const favoritesRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.addHook("onRequest", app.requireUser);

  app.get(
    "/favorites",
    {
      schema: {
        tags,
        summary: "The caller's favorite restaurants, newest first",
        security: SIGNED_IN,
        response: { 200: favoritesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request): Promise<FavoritesResponse> => {
      const language = requestLanguage(request);
      const rows = await repo.listFavorites(db, callerId(request));
      return {
        success: true as const,
        favorites: rows.map((row) => ({
          restaurantId: row.id,
          createdAt: row.favorited_at.toISOString(),
          restaurant: toRestaurantSummary(row, language),
        })),
      };
    },
  );

  app.put(
    "/favorites/:restaurantId",
    {
      schema: {
        tags,
        summary: "Save a restaurant among the caller's favorites (idempotent)",
        params,
        security: SIGNED_IN,
        response: { 200: favoriteChangeResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request): Promise<FavoriteChangeResponse> => {
      const userId = callerId(request);
      const { restaurantId } = request.params;
      if (!(await restaurantExists(db, restaurantId))) throw restaurantNotFound();
      const favorites = await repo.favoritesState(db, userId, restaurantId);
      if (!favorites.saved && favorites.count >= MAX_FAVORITES) {
        throw new AppError(409, "favorites_limit", "apiErrors.favoritesLimit", { max: MAX_FAVORITES });
      }
      await repo.addFavorite(db, userId, restaurantId);
      return { success: true as const, restaurantId, favorite: true };
    },
  );

  app.delete(
    "/favorites/:restaurantId",
    {
      schema: {
        tags,
        summary: "Remove a restaurant from the caller's favorites (idempotent)",
        params,
        security: SIGNED_IN,
        response: { 200: favoriteChangeResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request): Promise<FavoriteChangeResponse> => {
      await repo.removeFavorite(db, callerId(request), request.params.restaurantId);
      return { success: true as const, restaurantId: request.params.restaurantId, favorite: false };
    },
  );
};
