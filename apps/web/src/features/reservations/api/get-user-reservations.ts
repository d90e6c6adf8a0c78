import { useEffect } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { RESERVATION_CACHE_MS } from "@tavolo/shared/constants";
import { userReservationsResponseSchema, type Reservation } from "@tavolo/shared/reservations";
import { ApiError, type ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { parseAnswer } from "../../../lib/parse-answer";
import { backoffDelay, retryOnRateLimit } from "./rate-limit-retry";
import { localizedKey, useLocalizedKey } from "../../../lib/localized-query-key";
import { saveLastHistorySync } from "./last-history-sync";

export const userReservationsKey = (userId: string) => ["reservations", "user", userId] as const;

export async function getUserReservations(
  api: ApiClient,
  userId: string,
  signal?: AbortSignal,
): Promise<Reservation[]> {
  const body = await api.get("/client/getUserReservations/:userId", { params: { userId }, signal });
  return parseAnswer(api, userReservationsResponseSchema, body).reservations;
}

/**
 * SPEC §8: a 429 on reservations answers with the cached list when there is one; only without it
 * does the query retry (see rate-limit-retry.ts).
 */
export async function getUserReservationsOrCached(
  api: ApiClient,
  client: QueryClient,
  userId: string,
  signal?: AbortSignal,
): Promise<Reservation[]> {
  try {
    return await getUserReservations(api, userId, signal);
  } catch (error) {
    const cached = client.getQueryData<Reservation[]>(localizedKey(userReservationsKey(userId)));
    if (error instanceof ApiError && error.status === 429 && cached) return cached;
    throw error;
  }
}

/** Cached 5 minutes per user (SPEC §7); TanStack Query also merges duplicate in-flight requests. */
export function useUserReservations(userId: string | undefined) {
  const client = useQueryClient();
  const api = useApiClient();
  const query = useQuery({
    queryKey: useLocalizedKey(userReservationsKey(userId ?? "")),
    queryFn: ({ signal }) => getUserReservationsOrCached(api, client, userId!, signal),
    enabled: Boolean(userId),
    staleTime: RESERVATION_CACHE_MS,
    gcTime: RESERVATION_CACHE_MS,
    retry: retryOnRateLimit,
    retryDelay: backoffDelay,
  });
  // Every answer, and every change a cancel or move writes into it, is the diner's last sync (decision 046).
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (userId && data) saveLastHistorySync(userId, data, dataUpdatedAt);
  }, [userId, data, dataUpdatedAt]);
  return query;
}
