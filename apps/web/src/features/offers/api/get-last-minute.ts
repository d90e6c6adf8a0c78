import { useQuery } from "@tanstack/react-query";
import { apiClient, clientPath } from "../../../lib/api-client";

/** Last-minute offer fields of SPEC §3; the offers issue may add more, all optional here. */
export interface LastMinuteOffer {
  id: string;
  restaurantId?: string;
  restaurantName: string;
  restaurantImageUrl?: string;
  restaurantAddress?: string;
  city?: string;
  categories: string[];
  date?: string;
  formattedDate?: string;
  startTime: string;
  endTime: string;
  currentAvailableSeats: number;
  bookUntil: string;
  isExpiring?: boolean;
  discount?: number;
  description?: string;
}

interface OfferResponse {
  success: true;
  offer?: LastMinuteOffer;
  lastMinute?: LastMinuteOffer;
}

export async function getLastMinuteById(id: string, signal?: AbortSignal): Promise<LastMinuteOffer> {
  const response = await apiClient.get<OfferResponse>(clientPath(`/getLastMinuteById/${encodeURIComponent(id)}`), {
    signal,
  });
  const offer = response.offer ?? response.lastMinute;
  if (!offer) throw new Error("offer missing from response");
  return offer;
}

export function useLastMinuteOffer(id: string | undefined) {
  return useQuery({
    queryKey: ["offers", "detail", id],
    queryFn: ({ signal }) => getLastMinuteById(id!, signal),
    enabled: Boolean(id),
    // Seats go quickly: never show a stale count for long.
    staleTime: 15_000,
  });
}
