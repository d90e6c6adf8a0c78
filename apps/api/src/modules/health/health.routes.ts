import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Database } from "../../db/database";
import { requestLanguage } from "../../i18n/request-language";

/** Liveness (the process answers) and readiness (it can reach its database). */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get("/health", { schema: { tags: ["operations"], summary: "Liveness" } }, async () => ({ status: "ok" }));

  app.get(
    "/ready",
    { schema: { tags: ["operations"], summary: "Readiness: the database answers" } },
    async (request, reply) => {
      try {
        await withTimeout(sql`SELECT 1`.execute(database.db), 2_000);
        return { status: "ready", database: database.kind };
      } catch {
        return reply
          .code(503)
          .header("retry-after", "5")
          .send({
            success: false,
            code: "not_ready",
            error: translateShared(requestLanguage(request), "apiErrors.serviceUnavailable"),
            database: "unreachable",
          });
      }
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
