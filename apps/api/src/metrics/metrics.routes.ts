import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { Registry } from "prom-client";
import { Gauge } from "prom-client";
import { z } from "zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import type { Database } from "../db/database";
import { notFound } from "../errors";
import { isLoopbackClient } from "../http/loopback-client";
import { processRegistry } from "./business-metrics";

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Loopback clients (the one rule of loopback-client.ts), or the bearer of METRICS_TOKEN. */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (isLoopbackClient(request)) return true;
  const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
  return token !== undefined && presented !== undefined && sameSecret(presented, token);
}

/**
 * Figures read from the database when Prometheus scrapes (decision 043): they are the state of the
 * whole deployment, the same from every process, so they need no counting where rows change.
 */
function databaseGauges(registry: Registry, database: Database): void {
  const db = database.db;
  new Gauge({
    name: "tavolo_db_pool_connections",
    help: "Database pool clients by state (in_use, idle) and requests waiting for one; PGlite is one embedded connection behind the pool",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.pool;
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "tavolo_waitlist_waiting",
    help: "Waitlist entries waiting for a table or seats",
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom("waitlist_entries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "waiting")
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
  new Gauge({
    name: "tavolo_mail_outbox",
    help: "Outbox mail by state: pending (not yet delivered, retrying) and failed (given up)",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ pending: number; failed: number }>`
        SELECT count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL)::int AS pending,
               count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed
        FROM mail_outbox`.execute(db);
      this.set({ state: "pending" }, rows[0]!.pending);
      this.set({ state: "failed" }, rows[0]!.failed);
    },
  });
  new Gauge({
    name: "tavolo_hold_expiry_lag_seconds",
    help: "How long the oldest hold past its expiry has waited for the waitlist worker to release it (0: none)",
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ lag: number | null }>`
        SELECT extract(epoch FROM now() - min(hold_expires_at))::float8 AS lag
        FROM reservations WHERE status = 'held' AND hold_expires_at < now()`.execute(db);
      this.set(Math.max(0, rows[0]?.lag ?? 0));
    },
  });
}

/**
 * GET /metrics in the Prometheus text format (decision 043). Anyone else than a loopback client or
 * the token's bearer gets the 404 of a page that does not exist, as the dev mailbox does.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{
  database: Database;
  token: string | undefined;
  /** This app's own figures: the request histogram (registered at the root, see app.ts). */
  appRegistry: Registry;
}> = async (app, { database, token, appRegistry }) => {
  databaseGauges(appRegistry, database);

  app.get(
    "/metrics",
    {
      schema: {
        tags: ["operations"],
        summary: "Prometheus metrics: loopback clients, or Authorization: Bearer METRICS_TOKEN",
        response: {
          200: { description: "Prometheus text format 0.0.4", content: { "text/plain": { schema: z.string() } } },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      if (!mayRead(request, token)) throw notFound("not_found", "apiErrors.notFound");
      const text = (await processRegistry.metrics()) + (await appRegistry.metrics());
      return reply.header("cache-control", "no-store").type(processRegistry.contentType).send(text);
    },
  );
};
