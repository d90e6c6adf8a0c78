import { useQuery } from "@tanstack/react-query";
import { RESERVATION_CACHE_MS } from "@tavolo/shared/constants";
import { apiClient, clientPath } from "../../../lib/api-client";

export const RESERVATION_STATUSES = ["pending", "confirmed", "completed", "rejected", "cancelled"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

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
  createdAt: string | null;
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
    status: status && RESERVATION_STATUSES.includes(status) ? status : "confirmed",
    createdAt: text(raw.createdAt),
  };
}

export async function getUserReservations(userId: string, signal?: AbortSignal): Promise<Reservation[]> {
  const response = await apiClient.get<{ reservations?: Raw[] }>(
    clientPath(`/getUserReservations/${encodeURIComponent(userId)}`),
    { signal },
  );
  return (response.reservations ?? []).map(normalizeReservation);
}

/** Cached 5 minutes per user (SPEC §7); TanStack Query also merges duplicate in-flight requests. */
export function useUserReservations(userId: string | undefined) {
  return useQuery({
    queryKey: ["reservations", "user", userId],
    queryFn: ({ signal }) => getUserReservations(userId!, signal),
    enabled: Boolean(userId),
    staleTime: RESERVATION_CACHE_MS,
  });
}
