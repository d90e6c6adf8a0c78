import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
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
 * refuses. The page list (/favorites) reads the same cache. A heart tapped while the session still
 * loads (signed in by the hint, no user yet) changes at once too and is saved once the user is known;
 * if the session turns out signed out, it goes back and the heart becomes "sign in to save".
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
  // Each heart's latest click: an earlier answer never ends the pending state of a later click.
  const clicks = useRef(new Map<string, number>());

  const saved = useMemo(
    () => new Set((list.data?.favorites ?? []).map((favorite) => favorite.restaurantId)),
    [list.data],
  );

  /** Sends one toggle; the pending state of its heart ends with the last click's answer. */
  const send = useCallback(
    (user: string, restaurant: { id: string; name: string }, next: boolean, attempt: number) => {
      const key = favoritesKey(user);
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
          if (attempt === clicks.current.get(restaurant.id)) settle();
        });
    },
    [api, queryClient, t, setNotice],
  );

  // Hearts tapped before the user was known: what each should become is its pending state.
  const waiting = useRef(new Map<string, { id: string; name: string }>());
  useEffect(() => {
    if (waiting.current.size === 0) return;
    if (userId) {
      for (const restaurant of waiting.current.values())
        send(userId, restaurant, pending[restaurant.id]!, clicks.current.get(restaurant.id)!);
      waiting.current.clear();
    } else if (!signedIn) {
      const dropped = waiting.current;
      waiting.current = new Map();
      setPending((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !dropped.has(id))));
    }
  }, [userId, signedIn, pending, send]);

  const toggle = useCallback(
    (restaurant: { id: string; name: string }) => {
      if (!userId && !signedIn) return;
      const next = !(pending[restaurant.id] ?? saved.has(restaurant.id));
      const attempt = (clicks.current.get(restaurant.id) ?? 0) + 1;
      clicks.current.set(restaurant.id, attempt);
      setPending((current) => ({ ...current, [restaurant.id]: next }));
      if (userId) send(userId, restaurant, next, attempt);
      else waiting.current.set(restaurant.id, restaurant);
    },
    [userId, signedIn, pending, saved, send],
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
