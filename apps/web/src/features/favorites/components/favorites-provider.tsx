import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { FavoritesResponse } from "@tavolo/shared/favorites";
import { errorMessage } from "../../../lib/api-client";
import { FavoritesContext, type FavoritesApi } from "../../../lib/favorites-context";
import { useTimedNotice } from "../../../lib/use-timed-notice";
import { deleteFavorite, favoritesKey, putFavorite, useFavoritesList } from "../api/favorites";
import styles from "./favorites-provider.module.css";
import { useApiClient } from "../../../lib/api-client-context";

/** How long the 'could not save' notice stays (SPEC §9: notices vanish after 3 to 5 s). */
const NOTICE_MS = 5_000;

/**
 * Favorites for the whole app: the signed-in user's list, read once and shared by every heart.
 * A toggle is optimistic (the heart changes at once) and goes back, with a notice, if the server
 * refuses. The page list (/favorites) reads the same cache.
 */
interface Props {
  userId: string | null;
  /** Signed in, or hinted so while the session loads (decision 038): hearts, never "sign in to save". */
  signedIn?: boolean;
  children: ReactNode;
}

export function FavoritesProvider({ userId, signedIn = userId !== null, children }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const api = useApiClient();
  const list = useFavoritesList(userId);
  // Ids changed locally and not yet confirmed: they win over the list until the server answers.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const [notice, setNotice] = useTimedNotice<string>(NOTICE_MS);
  const serial = useRef(0);

  const saved = useMemo(
    () => new Set((list.data?.favorites ?? []).map((favorite) => favorite.restaurantId)),
    [list.data],
  );

  const toggle = useCallback(
    (restaurant: { id: string; name: string }) => {
      if (!userId) return;
      const key = favoritesKey(userId);
      const next = !(pending[restaurant.id] ?? saved.has(restaurant.id));
      const attempt = ++serial.current;
      setPending((current) => ({ ...current, [restaurant.id]: next }));
      const settle = () =>
        setPending((current) => {
          const { [restaurant.id]: _done, ...rest } = current;
          return rest;
        });
      (next ? putFavorite(api, restaurant.id) : deleteFavorite(api, restaurant.id))
        .then(async () => {
          if (!next) {
            // Removed: drop it from the cached list now, so /favorites does not flash it back.
            queryClient.setQueriesData<FavoritesResponse>({ queryKey: key }, (data) =>
              data ? { ...data, favorites: data.favorites.filter((f) => f.restaurantId !== restaurant.id) } : data,
            );
          }
          await queryClient.invalidateQueries({ queryKey: key });
        })
        .catch((error: unknown) => {
          const fallback = t(next ? "favorites.addError" : "favorites.removeError", { name: restaurant.name });
          setNotice(errorMessage(error, fallback));
        })
        .finally(() => {
          // A later click on the same heart owns the pending state now.
          if (attempt === serial.current) settle();
        });
    },
    [api, userId, pending, saved, queryClient, t, setNotice],
  );

  const value = useMemo<FavoritesApi>(
    () => ({
      signedIn,
      isFavorite: (id) => pending[id] ?? saved.has(id),
      toggle,
    }),
    [signedIn, pending, saved, toggle],
  );

  return (
    <FavoritesContext.Provider value={value}>
      {children}
      <div className={styles.notice} role="status" aria-live="polite">
        {notice ? <p className={styles.toast}>{notice}</p> : null}
      </div>
    </FavoritesContext.Provider>
  );
}
