import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import { healthResponseSchema, readyResponseSchema } from "@tavolo/shared/operations";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Database } from "../../db/database";
import { requestLanguage } from "../../i18n/request-language";

/** How long a dependency may take to answer before the process calls itself not ready. */
const CHECK_TIMEOUT_MS = 2_000;

type DependencyState = "ok" | "unreachable";

/**
 * Liveness (the process answers) and readiness (it can reach its database and, when configured,
 * its catalogue replica and Redis). A load balancer routes by readiness; liveness stays 200 so
 * nothing restarts a process that only waits for a dependency to come back.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  catalogueReplica: Database | undefined;
  redis: Redis | undefined;
}> = async (app, { database, catalogueReplica, redis }) => {
  app.get(
    "/health",
    { schema: { tags: ["operations"], summary: "Liveness", response: { 200: healthResponseSchema } } },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/ready",
    {
      schema: {
        tags: ["operations"],
        summary: "Readiness: the database (and Redis, when configured) answer",
        // 503 not_ready names the dependency that is down: { database, replica?, redis? }.
        response: { 200: readyResponseSchema, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      const [databaseState, replicaState, redisState] = await Promise.all([
        check(() => sql`SELECT 1`.execute(database.db)),
        catalogueReplica ? check(() => sql`SELECT 1`.execute(catalogueReplica.db)) : undefined,
        redis ? check(() => redis.ping()) : undefined,
      ]);
      // Only the configured optional dependencies are reported.
      const optional = { ...(replicaState && { replica: replicaState }), ...(redisState && { redis: redisState }) };
      if (databaseState === "ok" && replicaState !== "unreachable" && redisState !== "unreachable") {
        return { status: "ready" as const, database: database.kind, ...optional };
      }
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({
          success: false,
          code: "not_ready",
          error: translateShared(requestLanguage(request), "apiErrors.serviceUnavailable"),
          database: databaseState === "ok" ? database.kind : databaseState,
          ...optional,
        });
    },
  );
};

async function check(probe: () => Promise<unknown>): Promise<DependencyState> {
  try {
    await withTimeout(probe(), CHECK_TIMEOUT_MS);
    return "ok";
  } catch {
    return "unreachable";
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
