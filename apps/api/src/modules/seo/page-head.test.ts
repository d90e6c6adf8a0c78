// @vitest-environment jsdom
// A browser's own HTML parser reads the head back, as link-preview bots and crawlers would.
import { describe, expect, it } from "vitest";
import { offerFixture, restaurantFixture } from "../../../test/seo-fixtures";
import type { PublicPageHead } from "@tavolo/shared/rendered-page";
import { renderPageHead } from "./page-head";
import { localizedUrl } from "./public-urls";

const ORIGIN = "https://tavolo.example";
const head = (page: PublicPageHead, lang: "it" | "en", path = "/") =>
  renderPageHead(page, { lang, origin: ORIGIN, path });

/** The few DOM shapes read here (the API's TypeScript has no DOM library; jsdom provides them at run time). */
interface Element {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  children: ArrayLike<Element> & Iterable<Element>;
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): ArrayLike<Element> & Iterable<Element>;
}
type Parser = new () => { parseFromString(html: string, type: string): { title: string; head: Element } };
const { DOMParser } = globalThis as unknown as { DOMParser: Parser };

/** The head parsed as a browser would: a document's <head> made of these tags. */
function parse(html: string) {
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><head>${html}</head><body></body></html>`,
    "text/html",
  );
  const meta = (key: string) =>
    doc.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
  const alternates = Object.fromEntries(
    [...doc.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute("hreflang"),
      link.getAttribute("href"),
    ]),
  );
  const scripts = [...doc.head.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
  );
  return {
    doc,
    title: doc.title,
    description: meta("description"),
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    alternates,
    meta,
    scripts,
  };
}

const restaurant = restaurantFixture();
const offer = offerFixture();

describe("renderPageHead", () => {
  it("gives the home page its title, description and language versions in Italian and English", () => {
    const it_ = parse(head({ kind: "home" }, "it"));
    expect(it_.title).toBe("Tavolo — prenota un tavolo all'ultimo minuto");
    expect(it_.description).toContain("prenota un tavolo all'ultimo minuto");
    expect(it_.canonical).toBe(`${ORIGIN}/?lang=it`);
    expect(it_.alternates).toEqual({ it: `${ORIGIN}/?lang=it`, en: `${ORIGIN}/?lang=en`, "x-default": `${ORIGIN}/` });
    expect(it_.meta("og:locale")).toBe("it_IT");
    expect(it_.scripts).toEqual([]);

    const en = parse(head({ kind: "home" }, "en"));
    expect(en.title).toBe("Tavolo — book a table at the last minute");
    expect(en.canonical).toBe(`${ORIGIN}/?lang=en`);
    expect(en.meta("og:locale")).toBe("en_GB");
    expect(en.meta("og:image")).toMatch(new RegExp(`^${ORIGIN}/share/tavolo\\.png\\?lang=en&v=[\\w-]{16}$`));
  });

  it("names the searched city and cuisine, and keeps only location and category in the canonical", () => {
    const page: PublicPageHead = { kind: "search", location: "reggio-emilia", cuisine: "pizza" };
    const it_ = parse(head(page, "it", "/search?location=reggio-emilia&category=pizza&utm_source=x&lang=it"));
    expect(it_.title).toBe("Ristoranti pizza a Reggio Emilia: prenota un tavolo — Tavolo");
    expect(it_.canonical).toBe(`${ORIGIN}/search?location=reggio-emilia&category=pizza&lang=it`);
    expect(it_.alternates["x-default"]).toBe(`${ORIGIN}/search?location=reggio-emilia&category=pizza`);
    const en = parse(head({ kind: "search", location: "ancona" }, "en"));
    expect(en.title).toBe("Restaurants in Ancona: book a table — Tavolo");
    expect(parse(head({ kind: "search", location: "ancona" }, "it")).title).toContain("ad Ancona");
    // The city the search found names the page: its own name in the page's language, its slug.
    const found: PublicPageHead = { kind: "search", location: "MILAN ", city: { slug: "milano", name: "Milan" } };
    const milan = parse(head(found, "en"));
    expect(milan.title).toBe("Restaurants in Milan: book a table — Tavolo");
    expect(milan.canonical).toBe(`${ORIGIN}/search?location=milano&lang=en`);
    expect(milan.meta("robots")).toBeNull();
    // A place the search does not know is not named, and is kept out of search engines.
    const nowhere = parse(head({ kind: "search", location: "Atlantide", city: null }, "it"));
    expect(nowhere.title).not.toContain("Atlantide");
    expect(nowhere.meta("robots")).toBe("noindex");
    // An unknown cuisine is not echoed: the page searches every cuisine.
    expect(parse(head({ kind: "search", location: "milano", cuisine: "<b>" }, "it")).canonical).toBe(
      `${ORIGIN}/search?location=milano&lang=it`,
    );
  });

  it("previews a restaurant with its name, city, description and share card, in both languages", () => {
    for (const lang of ["it", "en"] as const) {
      const page = parse(head({ kind: "restaurant", restaurant }, lang, `/restaurants/${restaurant.id}`));
      expect(page.title).toBe(
        lang === "it"
          ? "Trattoria da Gino, Milano — prenota un tavolo | Tavolo"
          : "Trattoria da Gino, Milano — book a table | Tavolo",
      );
      expect(page.description).toBe(restaurant.description);
      expect(page.canonical).toBe(`${ORIGIN}/restaurants/${restaurant.id}?lang=${lang}`);
      expect(page.meta("og:url")).toBe(page.canonical);
      expect(page.meta("og:title")).toBe(page.title);
      expect(page.meta("og:type")).toBe("website");
      expect(page.meta("og:image")).toMatch(
        new RegExp(`^${ORIGIN}/share/restaurants/${restaurant.id}\\.png\\?lang=${lang}&v=[\\w-]{16}$`),
      );
      expect([page.meta("og:image:width"), page.meta("og:image:height")]).toEqual(["1200", "630"]);
      expect(page.meta("twitter:card")).toBe("summary_large_image");
      expect(page.meta("twitter:image")).toBe(page.meta("og:image"));
      expect(page.scripts.map((script) => script["@type"])).toEqual(["Restaurant"]);
    }
  });

  it("gives the share card a new address when what it shows changes, and keeps it otherwise", () => {
    const image = (detail: typeof restaurant) =>
      parse(head({ kind: "restaurant", restaurant: detail }, "it")).meta("og:image");
    expect(image({ ...restaurant, rating: 3, tables: [] })).toBe(image(restaurant));
    expect(image({ ...restaurant, name: "Trattoria da Pino" })).not.toBe(image(restaurant));
  });

  it("previews an offer with its deal, time window and booking deadline, in both languages", () => {
    const it_ = parse(head({ kind: "offer", offer }, "it"));
    expect(it_.title).toBe("Sconto 30% da Trattoria da Gino, giovedì 26 novembre | Tavolo");
    expect(it_.description).toBe(
      "Offerta Last Minute da Trattoria da Gino a Milano: sconto del 30%, giovedì 26 novembre dalle 19:30 alle 21:00. Prenota entro le 18:30.",
    );
    expect(it_.canonical).toBe(`${ORIGIN}/lastminute/${offer.id}?lang=it`);
    expect(it_.meta("og:image")).toMatch(new RegExp(`^${ORIGIN}/share/lastminute/${offer.id}\\.png\\?lang=it&v=`));
    const en = parse(head({ kind: "offer", offer: { ...offer, formattedDate: "Thursday 26 November" } }, "en"));
    expect(en.title).toBe("30% off at Trattoria da Gino, Thursday 26 November | Tavolo");
    expect(en.description).toContain("from 19:30 to 21:00. Book until 18:30.");
    expect(parse(head({ kind: "offer", offer: { ...offer, discountPercent: null } }, "en")).title).toMatch(
      /^Last Minute at Trattoria da Gino/,
    );
  });

  it("escapes a hostile restaurant name everywhere: no tag, attribute or script can be opened", () => {
    const hostile = `Gino"><script>alert(1)</script><!-- ' & </script>`;
    const html = head(
      { kind: "restaurant", restaurant: { ...restaurant, name: hostile, description: `"onmouseover=x` } },
      "it",
    );
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<!--");
    const page = parse(html);
    // Exactly our tags, and the name comes back intact as text.
    expect(page.doc.head.querySelectorAll("script")).toHaveLength(1);
    expect([...page.doc.head.children].every((el) => ["TITLE", "META", "LINK", "SCRIPT"].includes(el.tagName))).toBe(
      true,
    );
    expect(page.title).toBe(`${hostile}, Milano — prenota un tavolo | Tavolo`);
    expect(page.meta("og:title")).toBe(page.title);
    expect(page.description).toBe(`"onmouseover=x`);
    expect(page.scripts[0]!.name).toBe(hostile);
    // Inside the JSON-LD, "<" never appears raw.
    const json = /<script type="application\/ld\+json">(.*)<\/script>/s.exec(html)![1]!;
    expect(json).not.toMatch(/[<>]/);
  });

  it("cuts a long description at a word, under 160 characters", () => {
    const long = "Una cucina di mare e di terra ".repeat(20);
    const description = parse(
      head({ kind: "restaurant", restaurant: { ...restaurant, description: long } }, "it"),
    ).description!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/\p{L}…$/u);
  });

  it("builds every language version from APP_ORIGIN, trailing slash or not", () => {
    expect(localizedUrl(`${ORIGIN}/`, "/search?location=milano&lang=en", "it")).toBe(
      `${ORIGIN}/search?location=milano&lang=it`,
    );
    expect(localizedUrl(ORIGIN, "/restaurants/x", null)).toBe(`${ORIGIN}/restaurants/x`);
  });
});
