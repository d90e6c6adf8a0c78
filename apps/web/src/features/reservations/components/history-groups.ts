import type { Reservation } from "@tavolo/shared/reservations";

export interface HistoryGroups {
  /** Still to come (pending or confirmed, not over yet), soonest first. */
  upcoming: Reservation[];
  /** Over, completed or cancelled, most recent first. */
  past: Reservation[];
}

/** A sortable instant: the server's startsAt, else the wall-clock date and time (one zone, Italy). */
const startOf = (reservation: Reservation) => reservation.startsAt ?? `${reservation.date}T${reservation.time}`;

const isUpcoming = (reservation: Reservation, now: number) =>
  (reservation.status === "pending" || reservation.status === "confirmed") &&
  (reservation.endsAt === null || Date.parse(reservation.endsAt) > now);

/**
 * The history as a diner reads it: what is coming next on top, then what is behind them. The
 * server sends bookings newest-made first, which put a booking for next week above tonight's.
 */
export function groupHistory(reservations: readonly Reservation[], now: number): HistoryGroups {
  const upcoming: Reservation[] = [];
  const past: Reservation[] = [];
  for (const reservation of reservations) (isUpcoming(reservation, now) ? upcoming : past).push(reservation);
  upcoming.sort((a, b) => compare(startOf(a), startOf(b)));
  past.sort((a, b) => compare(startOf(b), startOf(a)));
  return { upcoming, past };
}

function compare(a: string, b: string): number {
  const at = Date.parse(a);
  const bt = Date.parse(b);
  return Number.isNaN(at) || Number.isNaN(bt) ? a.localeCompare(b) : at - bt;
}
