import { useQuery } from "@tanstack/react-query";
import type { LastMinuteOffer, LastMinuteOfferResponse } from "@tavolo/shared/offers";
import { apiClient, clientPath } from "../../../lib/api-client";
import { useLocalizedKey } from "../../../lib/localized-query-key";

export type { LastMinuteOffer };

export async function getLastMinuteById(id: string, signal?: AbortSignal): Promise<LastMinuteOffer> {
  const response = await apiClient.get<LastMinuteOfferResponse>(
    clientPath(`/getLastMinuteById/${encodeURIComponent(id)}`),
    { signal },
  );
  return response.offer;
}

export const offerDetailKey = (id: string | undefined) => ["offers", "detail", id] as const;

export function useLastMinuteOffer(id: string | undefined) {
  return useQuery({
    queryKey: useLocalizedKey(offerDetailKey(id)),
    queryFn: ({ signal }) => getLastMinuteById(id!, signal),
    enabled: Boolean(id),
    // Seats go quickly: never show a stale count for long, and keep it fresh while the page is open.
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}
