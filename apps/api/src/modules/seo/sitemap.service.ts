import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from "sitemap";
import type { SitemapSection } from "@tavolo/shared/seo";
import type { DB } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { languageAlternates, localizedUrl, publicPaths, withoutTrailingSlash } from "./public-urls";
import * as repo from "./sitemap.repository";

/**
 * Rows of a section per sitemap file. Each row is one page in two languages, so a file lists twice
 * as many URLs: 10,000, far under the protocol's 50,000 URLs and 50 MB (about 6 MB).
 */
export const SITEMAP_ROWS_PER_FILE = 5_000;
/**
 * What one file may list whatever happens between the index and the file's request (rows added to
 * its key range meanwhile): 24,999 rows, still under 50,000 URLs with the home page's two.
 */
export const SITEMAP_MAX_ROWS_PER_FILE = 24_999;

/** How long a file an index listed is still made after its boundaries moved: a crawl's length. */
const LISTED_FOR_MS = 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CITY_SLUG = /^[a-z0-9-]{1,100}$/;

export interface SitemapFile {
  section: SitemapSection;
  from?: string;
  before?: string;
}

/**
 * /sitemap.xml (an index) and its files (decision 028): every city search page (and the home
 * page), every restaurant and every live offer, each in Italian and English with hreflang
 * alternates (the URL form of public-urls.ts), lastmod where the row has one.
 */
export function createSitemapService(deps: { db: Kysely<DB>; origin: string; now: () => Date }) {
  const origin = withoutTrailingSlash(deps.origin);

  /** The address of a file as the index lists it. */
  function fileUrl(file: SitemapFile): string {
    const params = new URLSearchParams();
    if (file.from !== undefined) params.set("from", file.from);
    if (file.before !== undefined) params.set("before", file.before);
    const query = params.toString();
    return `${origin}/sitemaps/${file.section}.xml${query ? `?${query}` : ""}`;
  }

  /** Each language version as its own entry, each listing all three alternates (it, en, x-default). */
  function entries(path: string, lastmod: Date | null): SitemapItemLoose[] {
    const links = languageAlternates(origin, path).map((alternate) => ({
      lang: alternate.hreflang,
      hreflang: alternate.hreflang,
      url: alternate.href,
    }));
    return (["it", "en"] as const).map((language) => ({
      url: localizedUrl(origin, path, language),
      links,
      ...(lastmod ? { lastmod: lastmod.toISOString() } : {}),
    }));
  }

  function checkKey(section: SitemapSection, key: string | undefined): void {
    if (key === undefined) return;
    if (!(section === "pages" ? CITY_SLUG : UUID).test(key))
      throw badRequest("invalid_input", "validation.sitemapPage");
  }

  /** The files the index lists for a section now. */
  async function sectionFiles(section: SitemapSection, now: Date): Promise<SitemapFile[]> {
    // A section with nothing to list (no live offer tonight) has no file: a sitemap lists at
    // least one URL. Pages always has the home page.
    if (section !== "pages" && (await repo.fileRows(deps.db, section, {}, 1, now)).length === 0) return [];
    const starts = await repo.fileStarts(deps.db, section, SITEMAP_ROWS_PER_FILE, now);
    return [undefined, ...starts].map((from, page) => ({ section, from, before: starts[page] }));
  }

  /**
   * Files this process's indexes listed lately, with when that stops counting: a crawler reads the
   * index and then its files over minutes, while rows added meanwhile move the boundaries.
   */
  const listedLately = new Map<string, number>();
  const fileKey = (file: SitemapFile) => `${file.section} ${file.from ?? ""} ${file.before ?? ""}`;

  /**
   * Only the files an index lists, now or lately, are made (decision 041): any other `from` or
   * `before` would be a fresh file of up to 25,000 rows for whoever asks, uncached. 404 otherwise.
   */
  async function checkListed(file: SitemapFile, now: Date): Promise<void> {
    const key = fileKey(file);
    if ((listedLately.get(key) ?? 0) > now.getTime()) return;
    if ((await sectionFiles(file.section, now)).some((listed) => fileKey(listed) === key)) return;
    throw notFound("sitemap_not_found", "apiErrors.notFound");
  }

  return {
    async index(): Promise<string> {
      const now = deps.now();
      const files: SitemapFile[] = [];
      for (const section of ["pages", "restaurants", "offers"] as const)
        files.push(...(await sectionFiles(section, now)));
      for (const [key, until] of listedLately) if (until <= now.getTime()) listedLately.delete(key);
      for (const file of files) listedLately.set(fileKey(file), now.getTime() + LISTED_FOR_MS);
      const stream = new SitemapIndexStream();
      return (
        await streamToPromise(Readable.from(files.map((file) => ({ url: fileUrl(file) }))).pipe(stream))
      ).toString();
    },

    async file(file: SitemapFile): Promise<string> {
      checkKey(file.section, file.from);
      checkKey(file.section, file.before);
      const now = deps.now();
      await checkListed(file, now);
      const range = { from: file.from, before: file.before };
      const items: SitemapItemLoose[] = [];
      if (file.section === "pages" && file.from === undefined) items.push(...entries(publicPaths.home(), null));
      const rows = await repo.fileRows(deps.db, file.section, range, SITEMAP_MAX_ROWS_PER_FILE, now);
      const pathOf =
        file.section === "pages"
          ? (key: string) => publicPaths.search({ location: key })
          : file.section === "restaurants"
            ? publicPaths.restaurant
            : publicPaths.offer;
      for (const row of rows) items.push(...entries(pathOf(row.key), row.lastmod));
      // An empty range (bounds out of order, or its offers have all closed since the index was
      // read) is no sitemap: 404, as for a file the index does not list.
      if (items.length === 0) throw notFound("sitemap_not_found", "apiErrors.notFound");
      const stream = new SitemapStream({ xmlns: { xhtml: true, news: false, image: false, video: false } });
      return (await streamToPromise(Readable.from(items).pipe(stream))).toString();
    },
  };
}
export type SitemapService = ReturnType<typeof createSitemapService>;
