import { createContext, useContext } from "react";

/**
 * What a heart toggle needs to know about favorites, wherever it is drawn (restaurant cards, the
 * detail page). The favorites feature provides it (app/providers.tsx composes it with the
 * session); features only read it, so none of them imports another.
 */
export interface FavoritesApi {
  signedIn: boolean;
  isFavorite: (restaurantId: string) => boolean;
  /** Optimistic: the heart changes at once and goes back if the server refuses. */
  toggle: (restaurant: { id: string; name: string }) => void;
}

export const FavoritesContext = createContext<FavoritesApi | null>(null);

/** Null outside a provider (tests of other features, pages drawn without favorites). */
export function useFavorites(): FavoritesApi | null {
  return useContext(FavoritesContext);
}
