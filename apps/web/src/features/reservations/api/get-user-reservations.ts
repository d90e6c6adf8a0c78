import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { RESERVATION_CACHE_MS } from "@tavolo/shared/constants";
import { RESERVATION_STATUSES, type ReservationStatus } from "@tavolo/shared/reservations";
import { apiClient, ApiError, clientPath } from "../../../lib/api-client";
import { backoffDelay, retryOnRateLimit } from "./rate-limit-retry";
import { localizedKey, useLocalizedKey } from "../../../lib/localized-query-key";

/** One shape for the several spellings of SPEC §3 (tableNumber or table.number; numberOfPeople, partySize or people). */
export interface Reservation {
  id: string;
  restaurantId: string;
  restaurantName: string;
  restaurantImage: string | null;
  city: string | null;
  date: string;
  time: string;
  tableNumber: number | null;
  numberOfPeople: number;
  status: ReservationStatus;
  /** A table, or a Last Minute offer (no table) booked through the offers feature. */
  kind: "table" | "lastMinute";
  createdAt: string | null;
  /** When the seating starts and ends (ISO); null from an older answer without them. */
  startsAt: string | null;
  endsAt: string | null;
  specialRequests: string;
  /** Whether the diner may still cancel it: the server says so; an older answer without the flag never offers it. */
  canCancel: boolean;
}

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : null);
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

export function normalizeReservation(raw: Raw): Reservation {
  const restaurant = (raw.restaurant ?? {}) as Raw;
  const table = (raw.table ?? {}) as Raw;
  const status = text(raw.status) as ReservationStatus | null;
  return {
    id: String(raw.id ?? ""),
    restaurantId: text(raw.restaurantId) ?? text(restaurant.id) ?? "",
    restaurantName: text(raw.restaurantName) ?? text(restaurant.name) ?? "",
    restaurantImage: text(restaurant.imageUrl) ?? text(restaurant.image),
    city: text(restaurant.city),
    date: text(raw.date) ?? "",
    time: text(raw.time) ?? "",
    tableNumber: num(raw.tableNumber) ?? num(table.number),
    numberOfPeople: num(raw.numberOfPeople) ?? num(raw.partySize) ?? num(raw.people) ?? 1,
    // SPEC §3: the status defaults to confirmed.
    status: status && RESERVATION_STATUSES.includes(status) ? status : "confirmed",
    kind: raw.kind === "lastMinute" ? "lastMinute" : "table",
    createdAt: text(raw.createdAt),
    startsAt: text(raw.startsAt),
    endsAt: text(raw.endsAt),
    specialRequests: text(raw.specialRequests) ?? "",
    canCancel: raw.canCancel === true,
  };
}

export const userReservationsKey = (userId: string) => ["reservations", "user", userId] as const;

export async function getUserReservations(userId: string, signal?: AbortSignal): Promise<Reservation[]> {
  const response = await apiClient.get<{ reservations?: Raw[] }>(
    clientPath(`/getUserReservations/${encodeURIComponent(userId)}`),
    { signal },
  );
  return (response.reservations ?? []).map(normalizeReservation);
}

/**
 * SPEC §8: a 429 on reservations answers with the cached list when there is one; only without it
 * does the query retry (see rate-limit-retry.ts).
 */
export async function getUserReservationsOrCached(
  client: QueryClient,
  userId: string,
  signal?: AbortSignal,
): Promise<Reservation[]> {
  try {
    return await getUserReservations(userId, signal);
  } catch (error) {
    const cached = client.getQueryData<Reservation[]>(localizedKey(userReservationsKey(userId)));
    if (error instanceof ApiError && error.status === 429 && cached) return cached;
    throw error;
  }
}

/** Cached 5 minutes per user (SPEC §7); TanStack Query also merges duplicate in-flight requests. */
export function useUserReservations(userId: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: useLocalizedKey(userReservationsKey(userId ?? "")),
    queryFn: ({ signal }) => getUserReservationsOrCached(client, userId!, signal),
    enabled: Boolean(userId),
    staleTime: RESERVATION_CACHE_MS,
    gcTime: RESERVATION_CACHE_MS,
    retry: retryOnRateLimit,
    retryDelay: backoffDelay,
  });
}
