import { collectDefaultMetrics, Counter, Registry } from "prom-client";

/**
 * The process's counters (decision 043): what happened since this process started, counted where it
 * happens. One registry per process, like Prometheus's scrape target; the figures read from the
 * database at scrape time (waitlist length, outbox, pool) are per app, see metrics.routes.ts.
 */
export const processRegistry = new Registry();

// Node's own figures: CPU, memory, heap, GC, event-loop lag, handles (prom-client's defaults).
collectDefaultMetrics({ register: processRegistry });

export type BookingKind = "table" | "last_minute" | "move" | "hold";

export const bookings = new Counter({
  name: "tavolo_bookings_total",
  help: "Booking attempts by kind (table, last_minute, move, hold) and outcome (booked, conflict, refused, failed)",
  labelNames: ["kind", "outcome"] as const,
  registers: [processRegistry],
});

export const holds = new Counter({
  name: "tavolo_holds_total",
  help: "Waitlist holds by event: offered to a waiting diner, confirmed into a booking, expired unanswered",
  labelNames: ["event"] as const,
  registers: [processRegistry],
});

export const mailSends = new Counter({
  name: "tavolo_mail_sends_total",
  help: "Mail delivery attempts by outcome (sent, retry, failed)",
  labelNames: ["outcome"] as const,
  registers: [processRegistry],
});

/** Registered here so dashboards and alerts have it from the start; Web Push sends increment it. */
export const pushSends = new Counter({
  name: "tavolo_push_sends_total",
  help: "Web Push deliveries by outcome (sent, failed)",
  labelNames: ["outcome"] as const,
  registers: [processRegistry],
});

export const cacheLookups = new Counter({
  name: "tavolo_cache_lookups_total",
  help: "Public read cache lookups by cache and result (hit, miss)",
  labelNames: ["cache", "result"] as const,
  registers: [processRegistry],
});

export const renders = new Counter({
  name: "tavolo_page_renders_total",
  help: "Server renders of public pages by route and HTTP status",
  labelNames: ["route", "status"] as const,
  registers: [processRegistry],
});

/** The outcome label of a booking answer: what the diner got, by status class. */
export function bookingOutcome(statusCode: number): "booked" | "conflict" | "refused" | "failed" {
  if (statusCode < 300) return "booked";
  if (statusCode === 409 || statusCode === 410) return "conflict";
  return statusCode < 500 ? "refused" : "failed";
}
