import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { addOffer, bookOffer, createOfferFixture, get, offerClosingIn } from "../../test/offer-helpers";
import { diner } from "../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../test/test-app";
import type { ServerEntry } from "@tavolo/shared/server-render";
import { appShellDist } from "../../test/web-build";

/**
 * The four public pages rendered by the real app (decision 027): the web app's own server entry,
 * from source, loading its data through the API in-process. The head comes from the SEO module.
 */
const webRoot = path.resolve(import.meta.dirname, "../../../web");
const dist = appShellDist();
// A variable path: the API's type check must not follow it into the web app's TSX.
const entryFile = path.join(webRoot, "src", "entry-server.tsx");
const serverEntry = (await import(entryFile)) as ServerEntry;

const t = useTestApp({ env: { WEB_DIST_DIR: dist, APP_ORIGIN: "https://tavolo.example" }, serverEntry });
const f = useFixture(async () => {
  const restaurants = await createOfferFixture(t);
  const offerId = await addOffer(t, offerClosingIn(restaurants.milano, 120, { totalSeats: 6 }));
  return { restaurants, offerId };
});

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, "");

describe("server-rendered public pages", () => {
  it("home: the page in HTML, its title and share tags, and the data to hydrate", async () => {
    const page = await get(t, "/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="it"');
    expect(h1(page.body)).toBeTruthy();
    expect(title(page.body)).toMatch(/Tavolo/);
    expect(meta(page.body, "og:title")).toBeTruthy();
    expect(meta(page.body, "og:image")).toMatch(/^https:\/\/tavolo\.example\//);
    expect(page.body).toMatch(/<script type="application\/json" id="tavolo-hydration">\{/);
    // Popular cities come from the API, in-process, through the loader's prefetch: each of the
    // fixture's cities is a tile opening its search, in the HTML (not skeletons filled in after
    // hydration). "Milano" alone would not do: the footer names it on every page.
    for (const city of ["Milano", "Monza", "Bergamo"]) {
      expect(page.body).toContain(`href="/search?location=${city}"`);
    }
  });

  it("restaurant: name, address and hours in the HTML, title and og tags naming it", async () => {
    const page = await get(t, `/restaurants/${f.restaurants.milano}`);
    expect(page.statusCode).toBe(200);
    expect(h1(page.body)).toBe("Trattoria del Duomo");
    expect(page.body).toContain("Piazza del Duomo 1");
    expect(page.body).toContain('data-testid="hours-today"');
    // Today's tables come from the loader's own prefetch: the heading names their seating (or says
    // none is left today), where without it the section would be skeletons under "Tavoli di oggi".
    expect(page.body).toMatch(/>Tavoli di oggi alle \d\d:\d\d<|Per oggi i turni sono finiti/);
    // The picker's free times, prefetched once the loader knows the opening hours: chips leading a
    // visitor to sign in on the way to the form, and a signed-in diner to the form (decision 065).
    const form = `/reservation/${f.restaurants.milano}?date=`;
    expect(page.body).toContain(`href="/login?next=${encodeURIComponent(form)}`);
    expect(page.body).not.toContain(`href="${form}`);
    const hinted = await get(t, `/restaurants/${f.restaurants.milano}`, { cookie: "tavolo_signed_in=1" });
    expect(hinted.body).toContain(`href="${form}`);
    expect(title(page.body)).toContain("Trattoria del Duomo");
    expect(meta(page.body, "og:title")).toContain("Trattoria del Duomo");
    expect(meta(page.body, "og:image")).toMatch(/^https:\/\/tavolo\.example\/.+/);
  });

  it("offer: the restaurant's name and the deal, with its og tags", async () => {
    const page = await get(t, `/lastminute/${f.offerId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Trattoria del Duomo");
    expect(title(page.body)).toContain("Trattoria del Duomo");
    expect(meta(page.body, "og:title")).toContain("Trattoria del Duomo");
  });

  it("search: the city's restaurants and Last Minute offers in the HTML", async () => {
    const page = await get(t, "/search?location=milano");
    expect(page.statusCode).toBe(200);
    expect(h1(page.body)).toBe("Ristoranti a Milano");
    // The restaurant's own card, not only its name: the city's Last Minute offer names it too. The
    // card's link carries the search's moment and party (decision 055).
    expect(page.body).toMatch(new RegExp(`href="/restaurants/${f.restaurants.milano}[?"]`));
    expect(page.body).not.toContain("Osteria della Villa Reale"); // Monza's
    // And the city's offers, from the loader's second prefetch.
    expect(page.body).toContain(`href="/lastminute/${f.offerId}"`);
    expect(meta(page.body, "og:title")).toBeTruthy();
    expect(meta(page.body, "robots")).toBeUndefined();
  });

  it("search: a city typed in any spelling is one page, named as the search found it", async () => {
    const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    const english = await get(t, "/search?location=Milan&lang=en");
    expect(title(english.body)).toContain("Restaurants in Milan");
    expect(canonical(english.body)).toBe("https://tavolo.example/search?location=milano&lang=en");
    const shouted = await get(t, "/search?location=%20MILANO%20");
    expect(title(shouted.body)).toContain("a Milano");
    expect(canonical(shouted.body)).toBe("https://tavolo.example/search?location=milano&lang=it");
  });

  it("search: a place that is no city we know says so, names nothing, and stays out of search engines", async () => {
    const page = await get(t, "/search?location=Atlantide");
    expect(page.statusCode).toBe(200);
    expect(meta(page.body, "robots")).toBe("noindex");
    expect(title(page.body)).not.toContain("Atlantide");
    expect(page.body).toContain("Atlantide"); // the page itself tells the visitor what was not found
    // The refusal travels with the page, so the browser does not ask again (decision 059).
    expect(/<script[^>]*>(\{.*?"city_not_found".*?\})<\/script>/s.test(page.body)).toBe(true);
    // Rendered as refused, as the browser hydrates it: the notice, not the moment's fields.
    const markup = page.body.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(markup).toContain("Non conosciamo ancora la città «Atlantide»");
    expect(markup).not.toContain("Quando e in quanti");
    // Nor is a "place" longer than any city's name (the search refuses it) echoed in the title.
    const long = await get(t, `/search?location=${"a".repeat(500)}`);
    expect(meta(long.body, "robots")).toBe("noindex");
    expect(title(long.body)?.length).toBeLessThan(80);
  });

  it("answers 404 with the not-found page for a restaurant or an offer that does not exist", async () => {
    for (const url of [
      "/restaurants/00000000-0000-4000-8000-000000000000",
      "/lastminute/00000000-0000-4000-8000-000000000000",
      "/restaurants/not-an-id",
    ]) {
      const page = await get(t, url);
      expect(page.statusCode, url).toBe(404);
      expect(h1(page.body), url).toMatch(/^(Ristorante|Offerta) non trovat[oa]$/);
      expect(meta(page.body, "robots"), url).toBe("noindex");
    }
  });

  it("picks the language from ?lang, then the cookie, then Accept-Language, else Italian", async () => {
    const lang = async (url: string, headers: Record<string, string> = {}) =>
      /<html lang="(\w+)"/.exec((await get(t, url, headers)).body)?.[1];
    expect(await lang("/search?location=milano&lang=en", { cookie: "i18nextLng=it" })).toBe("en");
    expect(
      await lang("/search?location=milano", { cookie: "theme=dark; i18nextLng=en", "accept-language": "it" }),
    ).toBe("en");
    expect(await lang("/search?location=milano", { "accept-language": "en-GB,en;q=0.9" })).toBe("en");
    expect(await lang("/search?location=milano", { "accept-language": "de" })).toBe("it");
    expect(await lang("/search?location=milano&lang=xx")).toBe("it");
    const english = await get(t, `/restaurants/${f.restaurants.milano}?lang=en`);
    expect(english.body).toContain("Today");
  });

  it("caches a whole page per URL and language (ETag, 304) and renders it again after a booking", async () => {
    const url = `/lastminute/${f.offerId}`;
    const first = await get(t, url);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(String(first.headers.vary)).toMatch(/Cookie/);
    const etag = String(first.headers.etag);
    expect((await get(t, url, { "if-none-match": etag })).statusCode).toBe(304);
    expect(String((await get(t, `${url}?lang=en`)).headers.etag)).not.toBe(etag);

    const giulia = await diner(t);
    expect((await bookOffer(t, giulia, { lastMinuteId: f.offerId, people: 2 })).statusCode).toBe(201);
    const after = await get(t, url, { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(String(after.headers.etag)).not.toBe(etag);
  });

  it("a visitor's page carries every sign-in link with its way back; the hinted one has none, and no personal data (decision 038)", async () => {
    const url = `/lastminute/${f.offerId}`;
    const visitor = await get(t, url);
    const loginHrefs = [...visitor.body.matchAll(/href="(\/(?:login|register)[^"]*)"/g)].map((m) => m[1]);
    expect(loginHrefs.length).toBeGreaterThan(0);
    for (const href of loginHrefs) expect(href).toMatch(/^\/(login|register)\?next=%2Flastminute%2F/);
    expect(visitor.body).toContain("Accedi per prenotare");

    const hinted = await get(t, url, { cookie: "theme=dark; tavolo_signed_in=1" });
    expect(hinted.body).not.toMatch(/href="\/(login|register)/);
    expect(hinted.body).not.toContain("Accedi per prenotare");
    expect(hinted.body).toContain('href="/history"');
    expect(hinted.body).toContain('"signedIn":true');
    // Two shared variants, told apart by the cache: neither is served for the other.
    expect(String(hinted.headers.etag)).not.toBe(String(visitor.headers.etag));
    expect((await get(t, url)).body).toBe(visitor.body);
    expect((await get(t, url, { cookie: "tavolo_signed_in=1" })).body).toBe(hinted.body);
  });

  it("sends the page compressed once, brotli or gzip, to browsers that accept it", async () => {
    const plain = await get(t, "/search?location=milano");
    const brotli = await get(t, "/search?location=milano", { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(String(brotli.headers.vary)).toMatch(/Accept-Encoding/);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect((await get(t, "/search?location=milano", { "accept-encoding": "gzip" })).headers["content-encoding"]).toBe(
      "gzip",
    );
  });

  it("leaves signed-in and other routes to the browser: the app shell, not a rendered page", async () => {
    const page = await get(t, "/history");
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("tavolo-hydration");
    expect(page.body).toContain('<div id="root">');
  });
});
