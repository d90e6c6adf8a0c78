import type { FastifyInstance } from "fastify";
import { BODY_ERROR_STATUSES, errorResponses, type ErrorStatus } from "@tavolo/shared/api-responses";
import { PROBES } from "./load-shedding";

/**
 * Statuses a route answers before its own code runs, added to every route that documents its
 * responses (decision 020), so each route lists only what its schema, guards and service decide:
 * - 400 everywhere: text PostgreSQL cannot store, in any query or path (request-input.ts);
 * - 413 and 415 too on every method that may carry a body: Fastify reads (or refuses) one even
 *   where the route expects none;
 * - 503 on every route but the probes: the load shedder (and a database that cannot be reached).
 * Registered before any route, as an onRoute hook, so the serializer and the OpenAPI document see them.
 */
export function registerFrameworkResponses(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const documented = route.schema?.response as Record<string, unknown> | undefined;
    if (!route.schema || !documented) return;
    const readsBody = [route.method].flat().some((method) => method !== "GET" && method !== "HEAD");
    const statuses: ErrorStatus[] = [
      ...(readsBody ? BODY_ERROR_STATUSES : [400 as const]),
      ...(PROBES.has(route.url) ? [] : [503 as const]),
    ];
    route.schema.response = { ...errorResponses(...statuses), ...documented };
  });
}
