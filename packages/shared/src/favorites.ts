import { z } from "zod";
import { restaurantSummarySchema } from "./restaurants";

/** Favorites (DESIGN §1): GET /client/favorites, PUT and DELETE /client/favorites/:restaurantId. */

/** A diner's list stays a list: past this many, adding one is refused with a clear message. */
export const MAX_FAVORITES = 500;

export const favoriteSchema = z.object({
  restaurantId: z.string(),
  /** ISO timestamp of when it was saved; the list is newest first. */
  createdAt: z.string(),
  restaurant: restaurantSummarySchema,
});
export type Favorite = z.output<typeof favoriteSchema>;

/** GET /client/favorites */
export const favoritesResponseSchema = z.object({ success: z.literal(true), favorites: z.array(favoriteSchema) });
export type FavoritesResponse = z.output<typeof favoritesResponseSchema>;

/** PUT and DELETE /client/favorites/:restaurantId: whether it is now a favorite. */
export const favoriteChangeResponseSchema = z.object({
  success: z.literal(true),
  restaurantId: z.string(),
  favorite: z.boolean(),
});
export type FavoriteChangeResponse = z.output<typeof favoriteChangeResponseSchema>;
