import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { closeRedis } from "../redis/redis-connection";

const CHANNEL = "tavolo:public-cache-invalidation";

/** The public caches, by the name they are invalidated under. */
export const PUBLIC_CACHES = { catalogue: "catalogue", availability: "availability" } as const;
type CacheName = (typeof PUBLIC_CACHES)[keyof typeof PUBLIC_CACHES];

/** "<sender> <cache name>": a process skips its own messages (it cleared before sending). */
const messageOf = (sender: string, name: CacheName) => `${sender} ${name}`;

interface Clearable {
  clear(): void;
}

export interface CacheInvalidation {
  /** `cache` is cleared whenever `name` is invalidated, in this process or any other. */
  watch(name: CacheName, cache: Clearable): void;
  /** Clears the caches watching `name` here at once and, through Redis, in every other process. */
  invalidate(name: CacheName): void;
}

/**
 * Cross-process invalidation of the in-process public caches (decision 015). Without Redis it is
 * local only and other processes converge within their cache lifetime. A message lost while the
 * subscriber was disconnected cannot be replayed, so every watched cache is cleared on reconnect.
 */
export function createCacheInvalidation(app: FastifyInstance, redis: Redis | undefined): CacheInvalidation {
  const watched = new Map<string, Clearable[]>();
  const clearLocal = (name: string) => watched.get(name)?.forEach((cache) => cache.clear());
  // Our own messages come back too: the sender already cleared, so it skips them by this id.
  const processId = randomUUID();

  if (redis) {
    // A subscribed connection can run nothing else; this one queues SUBSCRIBE until connected.
    const subscriber = redis.duplicate({ enableOfflineQueue: true });
    subscriber.on("error", (error) =>
      app.log.warn({ err: error }, "cache invalidation subscriber (Redis) unavailable"),
    );
    subscriber.on("ready", () => watched.forEach((caches) => caches.forEach((cache) => cache.clear())));
    subscriber.on("message", (_channel: string, message: string) => {
      const [sender, name] = message.split(" ", 2);
      if (sender !== processId && name) clearLocal(name);
    });
    subscriber.subscribe(CHANNEL).catch((error: unknown) => app.log.warn({ err: error }, "cache subscription failed"));
    app.addHook("onClose", () => closeRedis(subscriber));
  }

  return {
    watch(name, cache) {
      watched.set(name, [...(watched.get(name) ?? []), cache]);
    },
    invalidate(name) {
      clearLocal(name);
      redis
        ?.publish(CHANNEL, messageOf(processId, name))
        .catch((error: unknown) => app.log.warn({ err: error }, "cache invalidation not published"));
    },
  };
}

/**
 * For a process without the app, such as `db:import`: makes every API process drop `names` at
 * once rather than serve the old catalogue for up to PUBLIC_CACHE_TTL_SECONDS.
 */
export async function broadcastInvalidation(redisUrl: string, names: CacheName[]): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (const name of names) await redis.publish(CHANNEL, messageOf("cli", name));
  } finally {
    redis.disconnect();
  }
}
