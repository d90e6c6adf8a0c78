import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import { sitemapPageQuerySchema, sitemapParamsSchema } from "@tavolo/shared/seo";
import type { CrawlerCache } from "./crawler-cache";
import { robotsTxt } from "./robots";
import type { SitemapService } from "./sitemap.service";

const tags = ["search engines"];
const XML = "application/xml; charset=utf-8";
const xmlAnswer = (description: string) => ({
  description,
  content: { "application/xml": { schema: z.string().describe("XML (gzip-encoded when accepted)") } },
});

/**
 * GET /robots.txt, /sitemap.xml and /sitemaps/:section.xml (decision 028): what search engines
 * read. Absolute URLs come from APP_ORIGIN, never from the Host header.
 */
export const crawlerRoutes: FastifyPluginAsyncZod<{
  sitemaps: SitemapService;
  cache: CrawlerCache;
  origin: string;
}> = async (app, { sitemaps, cache, origin }) => {
  const robots = robotsTxt(origin);

  app.get(
    "/robots.txt",
    {
      schema: {
        tags,
        summary: "Crawling rules: signed-in pages, /api and /dev are off limits; where the sitemap is",
        response: { 200: { description: "robots.txt", content: { "text/plain": { schema: z.string() } } } },
      },
    },
    (_request, reply) => {
      void reply.header("cache-control", "public, max-age=86400").type("text/plain; charset=utf-8").send(robots);
    },
  );

  app.get(
    "/sitemap.xml",
    {
      schema: {
        tags,
        summary: "Sitemap index: the sitemap files of the city searches, restaurants and live offers",
        response: { 200: xmlAnswer("A sitemap index") },
      },
    },
    (request, reply) => cache.respond(request, reply, "index", XML, () => sitemaps.index()),
  );

  app.get(
    "/sitemaps/:section.xml",
    {
      schema: {
        tags,
        summary: "One sitemap file: pages in Italian and English with hreflang alternates, as the index lists them",
        params: sitemapParamsSchema,
        querystring: sitemapPageQuerySchema,
        response: { 200: xmlAnswer("A sitemap (urlset)"), ...errorResponses(400, 404) },
      },
    },
    (request, reply) => {
      const file = { section: request.params.section, ...request.query };
      const key = `${file.section} ${file.from ?? ""} ${file.before ?? ""}`;
      return cache.respond(request, reply, key, XML, () => sitemaps.file(file));
    },
  );
};
