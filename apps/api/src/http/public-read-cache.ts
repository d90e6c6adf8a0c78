import { cacheLookups } from "../metrics/business-metrics";
import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gunzip, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { z } from "zod";
import { encodeAnswer } from "./answer-encoder";
import { canonicalJson } from "./canonical-json";

export interface PublicReadCacheOptions {
  /** How long a catalogue answer may be reused, here and by browsers. */
  ttlSeconds: number;
  maxEntries: number;
  /**
   * "max-age" lets browsers reuse an answer for ttlSeconds (the catalogue); "revalidate" makes them
   * ask every time with If-None-Match (a 304 costs no database trip), for answers a diner's own
   * booking changes at once, such as free tables and seats.
   */
  browser?: "max-age" | "revalidate";
  /** The `cache` label of its hit and miss counts (decision 043). */
  name: string;
}

/** A whole answer as text: a serialised JSON answer, or a server-rendered page (decision 027). */
export interface TextAnswer {
  status: number;
  body: string;
  contentType: string;
  /**
   * Kept at most this long (ms) when it is shorter than the cache's lifetime: a page whose content
   * changes with the clock at a known instant (decision 030). 0 or less: not kept at all.
   */
  keepForMs?: number;
}

interface Entry extends Omit<TextAnswer, "body"> {
  /** Absent for a page: kept compressed only (see respondText). */
  body?: string;
  etag: string;
  /** Compressed once when kept (pages only): a cached page costs no compression per request. */
  brotli?: Buffer;
  gzip?: Buffer;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
/** Quality 5: most of the gain for a few milliseconds on a 100 KB page (11 takes ~20× longer). */
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP = { level: 6 };

/** The best encoding a client takes: brotli, else gzip, else none. */
function acceptedEncoding(request: FastifyRequest): "br" | "gzip" | null {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  return /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
}
const etagOf = (body: string) => `W/"${hash("sha1", body, "base64url")}"`;

/**
 * Short-lived cache of public answers, serialised once, with an ETag (304 on If-None-Match). Writes
 * in this process call clear(), the single entry point for invalidation; other processes converge
 * within ttlSeconds, the same bound browsers get from max-age.
 */
export class PublicReadCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  private readonly cacheControl: string;
  private readonly ttlMs: number;
  private readonly name: string;
  /** Answers being produced: concurrent misses of one key share one database trip (no stampede). */
  private readonly pending = new Map<string, Promise<Entry>>();
  /** Bumped by clear(): an answer started before a write is not kept after it. */
  private generation = 0;

  constructor(options: PublicReadCacheOptions) {
    this.ttlMs = options.ttlSeconds * 1000;
    this.name = options.name;
    this.entries = options.ttlSeconds > 0 ? new LRUCache({ max: options.maxEntries, ttl: this.ttlMs }) : undefined;
    this.cacheControl =
      options.ttlSeconds > 0 && options.browser !== "revalidate" ? `public, max-age=${options.ttlSeconds}` : "no-cache";
  }

  /**
   * Sends the cached answer, or produces, encodes by `schema` and keeps it. The string sent skips
   * Fastify's serializer, so the route's response schema is applied here, once per miss (decision 020).
   */
  async respond<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    language: string,
    schema: S,
    produce: () => Promise<z.output<S>>,
  ): Promise<void> {
    // What the route's schemas let through, not the URL as sent: an unknown parameter (`?x=1`,
    // `utm_*`), another order or a default spelled out is the same answer (decision 041).
    const key = `${language}:${request.routeOptions.url ?? ""}:${canonicalJson([request.params, request.query])}`;
    const entry =
      this.lookup(key) ??
      (await this.produceOnce(key, async () => {
        const body = JSON.stringify(encodeAnswer(schema, await produce()));
        return { status: 200, body, etag: etagOf(body), contentType: "application/json; charset=utf-8" };
      }));
    void reply.header("vary", "Accept-Language, X-User-Language");
    await this.send(request, reply, entry);
  }

  /**
   * The same for an answer that is text already (a rendered page): kept under `key` with its status,
   * so a 404 page is as cheap as a found one. The caller sets Vary for what `key` depends on.
   */
  async respondText(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<TextAnswer>,
  ): Promise<void> {
    void reply.header("vary", [reply.getHeader("vary"), "Accept-Encoding"].filter(Boolean).join(", "));
    if (!this.entries) {
      cacheLookups.inc({ cache: this.name, result: "miss" });
      // Not kept (caches off): compressed once, in the one encoding this client takes (decision 041).
      const { body: text, ...answer } = await produce();
      const body = Buffer.from(text);
      const encoding = acceptedEncoding(request);
      const entry: Entry = { ...answer, etag: etagOf(text) };
      if (encoding === "br") entry.brotli = await brotliAsync(body, BROTLI);
      else if (encoding === "gzip") entry.gzip = await gzipAsync(body, GZIP);
      else entry.body = text;
      return this.send(request, reply, entry);
    }
    const compressed = async (): Promise<Entry> => {
      const { body: text, ...answer } = await produce();
      const body = Buffer.from(text);
      const [brotli, gzipped] = await Promise.all([brotliAsync(body, BROTLI), gzipAsync(body, GZIP)]);
      // Kept compressed only: a page is 75–180 KB of text (a JS string of twice that with any
      // character beyond Latin-1) against 13–27 KB compressed, and pages now live up to minutes
      // (decision 030). The rare client that accepts neither gets the gzip unzipped.
      return { ...answer, etag: etagOf(text), brotli, gzip: gzipped };
    };
    await this.send(request, reply, this.lookup(key) ?? (await this.produceOnce(key, compressed)));
  }

  private lookup(key: string): Entry | undefined {
    const entry = this.entries?.get(key);
    cacheLookups.inc({ cache: this.name, result: entry ? "hit" : "miss" });
    return entry;
  }

  private async send(request: FastifyRequest, reply: FastifyReply, entry: Entry): Promise<void> {
    void reply.header("cache-control", this.cacheControl).header("etag", entry.etag);
    if (request.headers["if-none-match"] === entry.etag) void reply.code(304).send();
    else {
      const accepted = String(request.headers["accept-encoding"] ?? "");
      const encoding =
        entry.brotli && /\bbr\b/.test(accepted) ? "br" : entry.gzip && /\bgzip\b/.test(accepted) ? "gzip" : null;
      if (encoding) void reply.header("content-encoding", encoding);
      const identity = () => (entry.body === undefined && entry.gzip ? gunzipAsync(entry.gzip) : entry.body);
      void reply
        .code(entry.status)
        .type(entry.contentType)
        .send(encoding === "br" ? entry.brotli : encoding === "gzip" ? entry.gzip : await identity());
    }
    // Resolves once the answer has left, so the async route handler ends with nothing left to send.
    await reply;
  }

  private produceOnce(key: string, produce: () => Promise<Entry>): Promise<Entry> {
    if (!this.entries) return produce();
    let pending = this.pending.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = produce()
        .then((entry) => {
          // A write that cleared the cache meanwhile makes this answer too old to keep.
          if (generation === this.generation) this.keep(key, entry);
          return entry;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private keep(key: string, entry: Entry): void {
    if (entry.keepForMs === undefined) this.entries?.set(key, entry);
    else if (entry.keepForMs > 0) this.entries?.set(key, entry, { ttl: Math.min(entry.keepForMs, this.ttlMs) });
  }

  clear(): void {
    this.generation += 1;
    this.pending.clear();
    this.entries?.clear();
  }
}
