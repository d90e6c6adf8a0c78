import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";

/**
 * The process's one Redis connection (REDIS_URL), shared by the rate limits, readiness and the
 * cache invalidation publisher. No offline queue and one retry: while Redis is unreachable a
 * command fails at once (rate limits are then skipped, readiness says so) instead of holding
 * requests until it is back; ioredis keeps reconnecting in the background.
 */
export function connectRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on("error", (error) => app.log.warn({ err: error }, "Redis unavailable"));
  app.addHook("onClose", () => closeRedis(redis));
  return redis;
}

/** QUIT when connected (pending replies arrive first); otherwise just stop reconnecting. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== "ready") return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}
