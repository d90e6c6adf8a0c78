import { z } from "zod";
import { LANGUAGES } from "./languages";

/**
 * Requests of the routes crawlers and link previews read (decision 028): share-card images and
 * sitemaps, outside /api. Their answers are PNG and XML, so only the requests have schemas here.
 */

const languageField = z.enum(LANGUAGES, { error: "validation.language" }).optional();

/** GET /share/…png?lang=&v=: `v` names the card's content (cache busting); any current value is served. */
export const shareCardQuerySchema = z.object({
  lang: languageField,
  v: z
    .string({ error: "validation.invalidInput" })
    .regex(/^[\w-]{1,64}$/, "validation.invalidInput")
    .optional(),
});

export const SITEMAP_SECTIONS = ["pages", "restaurants", "offers"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** GET /sitemaps/:section.xml?from=&before=: one page of a section, as the sitemap index lists it. */
export const sitemapParamsSchema = z.object({
  section: z.enum(SITEMAP_SECTIONS, { error: "validation.sitemapPage" }),
});
const pageBound = z
  .string({ error: "validation.sitemapPage" })
  .min(1, "validation.sitemapPage")
  .max(100, "validation.sitemapPage");
export const sitemapPageQuerySchema = z.object({
  /** First key of the page (included); absent: from the start. */
  from: pageBound.optional(),
  /** First key of the next page (excluded); absent: to the end. */
  before: pageBound.optional(),
});
