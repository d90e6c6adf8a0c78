import type { FastifyInstance } from "fastify";
import { translateShared } from "@tavolo/shared/i18n/translate";
import { whenAnswered } from "../http/handler-drain";
import { requestLanguage } from "../i18n/request-language";

/** Seconds a shed client is asked to wait: long enough for a queue of this size to drain many times. */
const RETRY_AFTER_SECONDS = 1;
/** Probes must answer however busy the process is, or an orchestrator would restart a healthy one. */
export const PROBES = new Set(["/api/health", "/api/ready"]);

/**
 * Sheds load beyond `maxInFlight` requests being served at once: the excess gets an immediate 503
 * with Retry-After instead of queueing for the database pool until the client times out. Counting
 * in-flight requests (rather than sampling event-loop delay) reacts on the very request that
 * overflows, and also when the bottleneck is the database rather than this process's CPU.
 */
export function registerLoadShedding(app: FastifyInstance, maxInFlight: number): void {
  if (maxInFlight <= 0) return;
  let inFlight = 0;
  const counted = new WeakSet<object>();

  app.addHook("onRequest", async (request, reply) => {
    if (PROBES.has(request.url)) return;
    if (inFlight >= maxInFlight) {
      return reply
        .code(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .header("cache-control", "no-store")
        .type("application/json; charset=utf-8")
        .send({
          success: false,
          code: "overloaded",
          error: translateShared(requestLanguage(request), "apiErrors.serviceUnavailable"),
        });
    }
    inFlight += 1;
    counted.add(request);
  });
  // A request whose client left still counts while its handler runs, else leaving early would get
  // work past the cap; its slot is free again once the handler has answered (decision 069).
  whenAnswered(app, (request) => {
    if (counted.delete(request)) inFlight -= 1;
  });
}
