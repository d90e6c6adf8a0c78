import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip as gunzipCallback, gzip as gzipCallback } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** Sitemap files are up to ~6 MB of XML, about a tenth gzipped: 32 MB holds every file at 50,000 restaurants. */
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  gzipped: Buffer;
  etag: string;
}

/**
 * Cache of the crawler documents (sitemaps), produced once per `ttlSeconds` and kept gzipped:
 * crawlers accept gzip, and a sitemap compresses tenfold. ETag and max-age let them skip unchanged
 * files. Cleared with the public catalogue (cache-invalidation.ts), so a new restaurant is listed
 * at once in the process that wrote it and within ttlSeconds elsewhere.
 */
export class CrawlerCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly pending = new Map<string, Promise<Entry>>();
  private generation = 0;

  constructor(private readonly ttlSeconds: number) {
    this.entries = new LRUCache({
      maxSize: MAX_BYTES,
      sizeCalculation: (entry) => entry.gzipped.length,
      ttl: Math.max(ttlSeconds, 1) * 1000,
    });
  }

  async respond(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    contentType: string,
    produce: () => Promise<string>,
  ): Promise<void> {
    const entry = this.entries.get(key) ?? (await this.produceOnce(key, produce));
    void reply
      .header("cache-control", this.ttlSeconds > 0 ? `public, max-age=${this.ttlSeconds}` : "no-cache")
      .header("etag", entry.etag)
      .header("vary", "Accept-Encoding");
    if (request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
    void reply.type(contentType);
    if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
      return reply.header("content-encoding", "gzip").send(entry.gzipped);
    }
    return reply.send(await gunzip(entry.gzipped));
  }

  private produceOnce(key: string, produce: () => Promise<string>): Promise<Entry> {
    let pending = this.pending.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = (async () => {
        const body = await produce();
        const entry = {
          gzipped: await gzip(body),
          etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
        };
        // A catalogue write meanwhile makes this answer too old to keep.
        if (this.ttlSeconds > 0 && generation === this.generation) this.entries.set(key, entry);
        return entry;
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.generation += 1;
    this.pending.clear();
    this.entries.clear();
  }
}
