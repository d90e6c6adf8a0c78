import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@tavolo/shared/languages";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { localizedKey, useQueryLanguage } from "../../../lib/localized-query-key";

export type { LastMinuteOffer };

export async function getLastMinuteById(
  id: string,
  signal: AbortSignal | undefined,
  api: ApiClient,
): Promise<LastMinuteOffer> {
  const response = await api.get("/client/getLastMinuteById/:id", { params: { id }, signal });
  return response.offer;
}

export const offerDetailKey = (id: string | undefined) => ["offers", "detail", id] as const;

/** One offer's page data: the page's query and the server render's loader share it (decision 027). */
export const offerQuery = (id: string, language: Language, api: ApiClient) =>
  queryOptions({
    queryKey: localizedKey(offerDetailKey(id), language),
    queryFn: ({ signal }) => getLastMinuteById(id, signal, api),
    // Seats go quickly: never show a stale count for long, and keep it fresh while the page is open.
    staleTime: 15_000,
  });

export function useLastMinuteOffer(id: string | undefined) {
  return useQuery({
    ...offerQuery(id ?? "", useQueryLanguage(), useApiClient()),
    enabled: Boolean(id),
    refetchInterval: 30_000,
  });
}
