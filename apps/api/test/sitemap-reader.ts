import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/** The sitemap protocol's limits per file. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;

export interface SitemapUrl {
  loc: string;
  lastmod: string | null;
  alternates: Record<string, string>;
}

const unescape = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");

/** GETs a sitemap document (gzip as crawlers ask for it), checks the protocol's size limit, returns its XML. */
export async function fetchSitemapXml(app: FastifyInstance, url: string): Promise<string> {
  const path = url.replace(/^https?:\/\/[^/]+/, "");
  const res = await app.inject({ method: "GET", url: path, headers: { "accept-encoding": "gzip" } });
  expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers["content-type"]).toContain("application/xml");
  expect(res.headers["content-encoding"]).toBe("gzip");
  const xml = gunzipSync(res.rawPayload);
  expect(xml.length).toBeLessThan(SITEMAP_LIMITS.bytes);
  return xml.toString("utf8");
}

/** The <loc> of each <sitemap> of an index. */
export function indexLocations(xml: string): string[] {
  expect(xml).toContain("<sitemapindex");
  return [...xml.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>/g)].map((match) => unescape(match[1]!));
}

/** Each <url> of a urlset: its loc, lastmod and xhtml:link alternates by hreflang. */
export function urlEntries(xml: string): SitemapUrl[] {
  expect(xml).toContain("<urlset");
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map((match) => {
    const body = match[1]!;
    const alternates = Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((link) => [
        link[1]!,
        unescape(link[2]!),
      ]),
    );
    return {
      loc: unescape(/<loc>([^<]+)<\/loc>/.exec(body)![1]!),
      lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1] ?? null,
      alternates,
    };
  });
}

/** Every URL of the whole sitemap, file by file, checking each file's URL count against the limit. */
export async function readWholeSitemap(app: FastifyInstance): Promise<{ files: string[]; urls: SitemapUrl[] }> {
  const files = indexLocations(await fetchSitemapXml(app, "/sitemap.xml"));
  const urls: SitemapUrl[] = [];
  for (const file of files) {
    const entries = urlEntries(await fetchSitemapXml(app, file));
    expect(entries.length, file).toBeLessThanOrEqual(SITEMAP_LIMITS.urls);
    urls.push(...entries);
  }
  return { files, urls };
}
