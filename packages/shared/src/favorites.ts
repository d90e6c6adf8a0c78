import type { RestaurantSummary } from "./restaurants";

/** Favorites (DESIGN §1): GET /client/favorites, PUT and DELETE /client/favorites/:restaurantId. */

/** A diner's list stays a list: past this many, adding one is refused with a clear message. */
export const MAX_FAVORITES = 500;

export interface Favorite {
  restaurantId: string;
  /** ISO timestamp of when it was saved; the list is newest first. */
  createdAt: string;
  restaurant: RestaurantSummary;
}

export interface FavoritesResponse {
  success: true;
  favorites: Favorite[];
}

export interface FavoriteChangeResponse {
  success: true;
  restaurantId: string;
  favorite: boolean;
}
