import { wallClockOf } from "@tavolo/shared/dates";
import type { WaitlistEntry } from "@tavolo/shared/waitlist";
import type { EntryViewRow } from "./waitlist.repository";

/** An entry as the diner reads it; the hold's date and time on the restaurant's wall clock. */
export function toWaitlistEntry(row: EntryViewRow): WaitlistEntry {
  const hold =
    row.hold_id && row.hold_starts_at && row.hold_expires_at
      ? (() => {
          const { date, time } = wallClockOf(row.hold_starts_at, row.time_zone);
          return {
            id: row.hold_id,
            restaurantId: row.restaurant_id,
            restaurantName: row.restaurant_name,
            date,
            time,
            people: row.party_size,
            tableNumber: row.hold_table_number,
            lastMinuteId: row.offer_id,
            expiresAt: row.hold_expires_at.toISOString(),
          };
        })()
      : null;
  return {
    id: row.id,
    kind: row.offer_id ? "lastMinute" : "table",
    restaurantId: row.restaurant_id,
    restaurantName: row.restaurant_name,
    lastMinuteId: row.offer_id,
    date: row.wanted_date,
    timeFrom: row.time_from,
    timeTo: row.time_to,
    people: row.party_size,
    status: row.status,
    position: row.position,
    createdAt: row.created_at.toISOString(),
    hold,
  };
}
