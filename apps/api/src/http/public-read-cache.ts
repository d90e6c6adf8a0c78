import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";

export interface PublicReadCacheOptions {
  /** How long a catalogue answer may be reused, here and by browsers. */
  ttlSeconds: number;
  maxEntries: number;
}

interface Entry {
  body: string;
  etag: string;
}

/**
 * Short-lived cache of public catalogue answers, serialised once. Writes in this process call
 * clear(); other processes converge within ttlSeconds, the same bound browsers get from max-age.
 */
export class PublicReadCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  private readonly cacheControl: string;

  constructor(options: PublicReadCacheOptions) {
    this.entries =
      options.ttlSeconds > 0 ? new LRUCache({ max: options.maxEntries, ttl: options.ttlSeconds * 1000 }) : undefined;
    this.cacheControl = options.ttlSeconds > 0 ? `public, max-age=${options.ttlSeconds}` : "no-cache";
  }

  async respond(
    request: FastifyRequest,
    reply: FastifyReply,
    language: string,
    produce: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const key = `${language}:${request.url}`;
    let entry = this.entries?.get(key);
    if (!entry) {
      const body = JSON.stringify(await produce());
      entry = { body, etag: `W/"${createHash("sha1").update(body).digest("base64url")}"` };
      this.entries?.set(key, entry);
    }
    void reply
      .header("cache-control", this.cacheControl)
      .header("etag", entry.etag)
      .header("vary", "Accept-Language, X-User-Language");
    if (request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(entry.body);
  }

  clear(): void {
    this.entries?.clear();
  }
}
