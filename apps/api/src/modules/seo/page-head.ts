import type { Language } from "@tavolo/shared/languages";
import { escapeHtml } from "@tavolo/shared/html";
import type { PublicPageHead } from "@tavolo/shared/rendered-page";
import { isCategoryFilter, ALL_CATEGORIES } from "@tavolo/shared/categories";
import { languageAlternates, localizedUrl, publicPaths, withoutTrailingSlash } from "./public-urls";
import { SEO_TEXTS, type SeoTexts } from "./seo-texts";
import { genericCard, offerCard, restaurantCard, SHARE_CARD_SIZE, shareCardPath } from "./share-card-content";
import { jsonLdScript, offerJsonLd, restaurantJsonLd } from "./structured-data";

export interface PageHeadContext {
  lang: Language;
  /** APP_ORIGIN: absolute URLs are built from it, never from the Host header. */
  origin: string;
  /** The requested path and query; the canonical keeps only what names the page. */
  path: string;
}

interface HeadParts {
  title: string;
  description: string;
  /** Path (and query) naming the page, without `lang`. */
  path: string;
  image: string;
  imageAlt: string;
  jsonLd?: object;
  /** A page with nothing of its own to find (a search for a place that is not a city we know). */
  noindex?: boolean;
}

/** Descriptions are cut where search results cut them, at a word. */
const DESCRIPTION_MAX = 160;

/**
 * Everything inside <head> that differs per public page (decision 028): <title>, description,
 * canonical, hreflang (it, en, x-default), Open Graph and Twitter card (og:image: the page's share
 * card, a 1200×630 PNG) and, on restaurant and offer pages, schema.org JSON-LD. Every value is
 * escaped for HTML; the JSON-LD has "<" escaped.
 */
export function renderPageHead(page: PublicPageHead, ctx: PageHeadContext): string {
  const texts = SEO_TEXTS[ctx.lang];
  const origin = withoutTrailingSlash(ctx.origin);
  const parts = headParts(page, ctx.lang, texts, origin);
  const canonical = localizedUrl(origin, parts.path, ctx.lang);
  const image = origin + parts.image;
  const other = ctx.lang === "it" ? SEO_TEXTS.en : SEO_TEXTS.it;
  const description = shorten(parts.description, DESCRIPTION_MAX);
  const lines = [
    `<title>${escapeHtml(parts.title)}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...(parts.noindex ? [meta("name", "robots", "noindex")] : []),
    ...languageAlternates(origin, parts.path).map(
      (alternate) => `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}">`,
    ),
    meta("property", "og:site_name", texts.siteName),
    meta("property", "og:type", "website"),
    meta("property", "og:title", parts.title),
    meta("property", "og:description", description),
    meta("property", "og:url", canonical),
    meta("property", "og:image", image),
    meta("property", "og:image:type", "image/png"),
    meta("property", "og:image:width", String(SHARE_CARD_SIZE.width)),
    meta("property", "og:image:height", String(SHARE_CARD_SIZE.height)),
    meta("property", "og:image:alt", parts.imageAlt),
    meta("property", "og:locale", texts.locale),
    meta("property", "og:locale:alternate", other.locale),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", parts.title),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image),
    meta("name", "twitter:image:alt", parts.imageAlt),
  ];
  if (parts.jsonLd) lines.push(jsonLdScript(parts.jsonLd));
  return lines.join("\n");
}

function headParts(page: PublicPageHead, language: Language, texts: SeoTexts, origin: string): HeadParts {
  switch (page.kind) {
    case "home":
      return {
        title: texts.homeTitle,
        description: texts.homeDescription,
        path: publicPaths.home(),
        image: shareCardPath({ kind: "generic" }, genericCard(language)),
        imageAlt: texts.tagline,
      };
    case "search": {
      const typed = page.location?.trim() || undefined;
      const category = page.cuisine && isCategoryFilter(page.cuisine) ? page.cuisine : ALL_CATEGORIES;
      const cuisine = category === ALL_CATEGORIES ? null : texts.cuisine[category];
      // A city the search found is named in the page's language and its slug names the page, so
      // "Milan", "MILANO" and "milano" are one page to search engines; a place that is no city we
      // know is not named at all (the page says "not found") and stays out of their index.
      const place = page.city ? page.city.name : typed && page.city !== null ? placeName(typed) : null;
      const location = page.city ? page.city.slug : typed?.toLowerCase();
      return {
        title: texts.searchTitle(place, cuisine),
        description: texts.searchDescription(place, cuisine),
        path: publicPaths.search({ location, category }),
        image: shareCardPath({ kind: "generic" }, genericCard(language)),
        imageAlt: texts.tagline,
        noindex: page.city === null,
      };
    }
    case "restaurant": {
      const { restaurant } = page;
      const path = publicPaths.restaurant(restaurant.id);
      const image = shareCardPath({ kind: "restaurant", id: restaurant.id }, restaurantCard(restaurant, language));
      return {
        title: texts.restaurantTitle(restaurant.name, restaurant.city),
        description:
          restaurant.description ||
          texts.restaurantFallbackDescription(restaurant.name, restaurant.city, restaurant.address),
        path,
        image,
        imageAlt: texts.imageAlt(restaurant.name, restaurant.city),
        jsonLd: restaurantJsonLd(restaurant, texts, {
          url: localizedUrl(origin, path, language),
          image: origin + image,
        }),
      };
    }
    case "offer": {
      const { offer } = page;
      const path = publicPaths.offer(offer.id);
      const image = shareCardPath({ kind: "offer", id: offer.id }, offerCard(offer, language));
      const title = texts.offerTitle(offer.restaurantName, offer.discountPercent, offer.formattedDate);
      const description = texts.offerDescription({
        name: offer.restaurantName,
        city: offer.city,
        discountPercent: offer.discountPercent,
        date: offer.formattedDate,
        startTime: offer.startTime,
        endTime: offer.endTime,
        bookUntil: offer.bookUntil,
      });
      return {
        title,
        description,
        path,
        image,
        imageAlt: texts.imageAlt(offer.restaurantName, offer.city),
        jsonLd: offerJsonLd(
          offer,
          { name: title, description },
          {
            url: localizedUrl(origin, path, language),
            image: origin + image,
            restaurantUrl: localizedUrl(origin, publicPaths.restaurant(offer.restaurantId), language),
          },
        ),
      };
    }
  }
}

/** "reggio-emilia" → "Reggio Emilia"; a name typed by hand keeps its own spelling. */
function placeName(location: string): string {
  return location
    .split(/[-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, "")}…`;
}

function meta(attribute: "name" | "property", key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}
