import type { FastifyInstance } from "fastify";
import { Histogram, type Registry } from "prom-client";
import { bookingOutcome, bookings, type BookingKind } from "./business-metrics";

/** The booking routes and the kind each books: counted by their answers, in one place. */
const BOOKING_ROUTES: Record<string, BookingKind> = {
  "POST /api/client/makeReservation": "table",
  "POST /api/client/bookLastMinute": "last_minute",
  "POST /api/client/modifyReservation/:id": "move",
  "POST /api/client/holds/:id/confirm": "hold",
  "POST /api/client/holds/confirm-by-link": "hold",
};

/**
 * Request durations by route template (`/api/client/getRestaurantById/:id`, never the raw id, so
 * the series stay few), method and status class (decision 043). A request no route matched is
 * "unmatched": scanners' random paths must not grow the series.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route template, method and status class",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    duration.observe(
      { route, method: request.method, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    const kind = BOOKING_ROUTES[`${request.method} ${route}`];
    if (kind) bookings.inc({ kind, outcome: bookingOutcome(status) });
  });
}
