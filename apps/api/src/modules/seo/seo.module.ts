import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { CacheInvalidation } from "../../http/cache-invalidation";
import { PUBLIC_CACHES } from "../../http/cache-invalidation";
import type { OfferService } from "../offers/offers.service";
import type { RestaurantService } from "../restaurants/restaurants.service";
import { CrawlerCache } from "./crawler-cache";
import { crawlerRoutes } from "./crawler.routes";
import { createShareCardCache } from "./share-card-cache";
import { renderShareCard, webPictures } from "./share-card-render";
import { shareCardRoutesPlugin } from "./share-card.routes";
import { createSitemapService } from "./sitemap.service";

/** Sitemaps list live offers, which come and go within hours: regenerated every 10 minutes at most. */
const SITEMAP_CACHE_SECONDS = 600;

/** The web app's sources: pictures for the share cards when no build is there (development, tests). */
const WEB_PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../web/public");

/**
 * What link previews and search engines read, outside /api (decision 028): share-card images,
 * robots.txt and the sitemaps. The page heads themselves (page-head.ts) are put into the rendered
 * pages by the web app's server rendering.
 */
export async function registerSeoModule(
  app: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    appOrigin: string;
    webDistDir: string | undefined;
    restaurants: RestaurantService;
    offers: OfferService;
    cacheInvalidation: CacheInvalidation;
    /** PUBLIC_CACHE_TTL_SECONDS: 0 turns the sitemap cache off too. */
    publicCacheTtlSeconds: number;
    now?: () => Date;
  },
): Promise<void> {
  const pictures = webPictures([deps.webDistDir, WEB_PUBLIC_DIR]);
  const cards = createShareCardCache((card) => renderShareCard(card, pictures));
  await app.register(shareCardRoutesPlugin, { restaurants: deps.restaurants, offers: deps.offers, cards });

  const cache = new CrawlerCache(deps.publicCacheTtlSeconds > 0 ? SITEMAP_CACHE_SECONDS : 0);
  deps.cacheInvalidation.watch(PUBLIC_CACHES.catalogue, cache);
  const sitemaps = createSitemapService({ db: deps.db, origin: deps.appOrigin, now: deps.now ?? (() => new Date()) });
  await app.register(crawlerRoutes, { sitemaps, cache, origin: deps.appOrigin });
}
