import { z } from "zod";
import { reservationSchema, type Reservation } from "@tavolo/shared/reservations";
import { storage } from "../../../lib/storage";
import { groupHistory } from "../components/history-groups";

/**
 * /history without a network (decision 046): the diner's upcoming bookings from the last answer,
 * kept on this device under the diner's id, so a booking can be shown at the restaurant's door.
 * Only the signed-in diner's, and cleared with the session at sign-out and account deletion
 * (lib/storage.ts SESSION_KEYS): the service worker never caches a signed-in answer.
 */
export interface LastHistorySync {
  savedAt: number;
  /** When it was read: what "upcoming" was measured against. */
  readAt: number;
  reservations: Reservation[];
}

const storedReservations = z.array(reservationSchema);

/** Keeps the bookings still to come of a fresh answer; past ones are of no use at a door. */
export function saveLastHistorySync(userId: string, reservations: readonly Reservation[], savedAt = Date.now()): void {
  storage.setJson("lastHistorySync", { userId, savedAt, reservations: groupHistory(reservations, savedAt).upcoming });
}

/** The diner's last sync, with the bookings not yet over now; null for anyone else's or none. */
export function readLastHistorySync(userId: string, now = Date.now()): LastHistorySync | null {
  const stored = storage.getJson("lastHistorySync");
  if (!stored || stored.userId !== userId) return null;
  const parsed = storedReservations.safeParse(stored.reservations);
  if (!parsed.success) return null;
  return { savedAt: stored.savedAt, readAt: now, reservations: groupHistory(parsed.data, now).upcoming };
}
