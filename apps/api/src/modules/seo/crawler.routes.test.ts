import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { readWholeSitemap, fetchSitemapXml } from "../../../test/sitemap-reader";
import { createTestApp, type TestApp } from "../../../test/test-app";

const ORIGIN = "https://www.tavolo.example";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedRestaurants: 60, env: { APP_ORIGIN: ORIGIN } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("robots.txt", () => {
  it("keeps crawlers out of signed-in pages, sign-in flows, /api and /dev, and names the sitemap on APP_ORIGIN", async () => {
    const res = await get("/robots.txt", { host: "attacker.example" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    for (const path of [
      "/api/",
      "/dev/",
      "/reservation/",
      "/settings",
      "/history",
      "/favorites",
      "/notifications",
      "/profile",
      "/completeProfile",
      "/login",
      "/register",
      "/reset-password",
      "/auth/google/callback",
      "/hold/confirm",
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    // The public pages and their share cards stay open.
    expect(lines.filter((line) => /^Disallow: \/(search|restaurants|lastminute|share)?$/.test(line))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).not.toContain("attacker");
  });
});

describe("sitemap", () => {
  it("lists every restaurant, live offer and city search in Italian and English with hreflang alternates", async () => {
    const db = t.database.db;
    const { files, urls } = await readWholeSitemap(t.app);
    expect(files.every((file) => file.startsWith(`${ORIGIN}/sitemaps/`))).toBe(true);
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);

    const restaurants = await db.selectFrom("restaurants").select(["id", "updated_at"]).execute();
    for (const { id } of restaurants) {
      expect(locs).toContain(`${ORIGIN}/restaurants/${id}?lang=it`);
      expect(locs).toContain(`${ORIGIN}/restaurants/${id}?lang=en`);
    }
    const live = await db.selectFrom("offers").select("id").where("book_until_at", ">", new Date()).execute();
    expect(live.length).toBeGreaterThan(0);
    for (const { id } of live) expect(locs).toContain(`${ORIGIN}/lastminute/${id}?lang=en`);
    const cities = await sql<{ slug: string }>`
      SELECT slug FROM cities c WHERE EXISTS (SELECT 1 FROM restaurants r WHERE r.city_id = c.id)`.execute(db);
    for (const { slug } of cities.rows) expect(locs).toContain(`${ORIGIN}/search?location=${slug}&lang=it`);
    expect(locs).toContain(`${ORIGIN}/?lang=it`);
    expect(urls).toHaveLength(2 * (restaurants.length + live.length + cities.rows.length + 1));

    const gino = urls.find((url) => url.loc === `${ORIGIN}/restaurants/${restaurants[0]!.id}?lang=it`)!;
    expect(gino.alternates).toEqual({
      it: `${ORIGIN}/restaurants/${restaurants[0]!.id}?lang=it`,
      en: `${ORIGIN}/restaurants/${restaurants[0]!.id}?lang=en`,
      "x-default": `${ORIGIN}/restaurants/${restaurants[0]!.id}`,
    });
    expect(gino.lastmod).toBe(restaurants[0]!.updated_at.toISOString());
  });

  it("leaves expired offers out", async () => {
    const [expired] = await t.database.db
      .updateTable("offers")
      .set({ book_until_at: new Date(Date.now() - 60_000) })
      .where("id", "=", (await t.database.db.selectFrom("offers").select("id").executeTakeFirstOrThrow()).id)
      .returning("id")
      .execute();
    // Any process's catalogue write clears the cached sitemaps; here the cache is cleared by hand.
    const fresh = await createTestApp({ database: t.database, env: { APP_ORIGIN: ORIGIN } });
    try {
      const { urls } = await readWholeSitemap(fresh.app);
      expect(urls.map((url) => url.loc)).not.toContain(`${ORIGIN}/lastminute/${expired!.id}?lang=it`);
    } finally {
      await fresh.app.close();
    }
  });

  it("lists no offers file when no offer is live, and answers 404 (never a 500) for a file with nothing in it", async () => {
    const empty = await get(
      "/sitemaps/restaurants.xml?from=00000000-0000-4000-8000-000000000000&before=00000000-0000-0000-0000-000000000000",
      { "accept-language": "en" },
    );
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({ success: false, error: "Resource not found" });

    await t.database.db
      .updateTable("offers")
      .set({ book_until_at: new Date(Date.now() - 60_000) })
      .execute();
    const fresh = await createTestApp({ database: t.database, env: { APP_ORIGIN: ORIGIN } });
    try {
      const { files, urls } = await readWholeSitemap(fresh.app);
      expect(files.some((file) => file.includes("/sitemaps/offers.xml"))).toBe(false);
      expect(urls.some((url) => url.loc.includes("/restaurants/"))).toBe(true);
      expect((await fresh.app.inject({ method: "GET", url: "/sitemaps/offers.xml" })).statusCode).toBe(404);
    } finally {
      await fresh.app.close();
    }
  });

  it("answers only the files the index lists: any other `from` or `before` is a 404, not a file made on demand", async () => {
    const { files } = await readWholeSitemap(t.app);
    expect(files).toContain(`${ORIGIN}/sitemaps/restaurants.xml`);
    const ids = await t.database.db.selectFrom("restaurants").select("id").orderBy("id").execute();
    for (const url of [
      `/sitemaps/restaurants.xml?from=${ids[10]!.id}`,
      `/sitemaps/restaurants.xml?before=${ids[30]!.id}`,
      `/sitemaps/restaurants.xml?from=${ids[10]!.id}&before=${ids[30]!.id}`,
      "/sitemaps/pages.xml?from=milano",
    ]) {
      const answer = await get(url, { "accept-language": "en" });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ success: false, error: "Resource not found" });
    }
  });

  it("is cacheable: an ETag that answers 304, max-age, and plain XML for a client without gzip", async () => {
    const first = await get("/sitemap.xml");
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/^<\?xml/);
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    expect((await get("/sitemap.xml", { "if-none-match": String(first.headers.etag) })).statusCode).toBe(304);
    expect(await fetchSitemapXml(t.app, "/sitemap.xml")).toBe(first.body);
    // Absolute URLs come from APP_ORIGIN, whatever Host the request names.
    const forged = await get("/sitemap.xml", { host: "attacker.example", "x-forwarded-host": "attacker.example" });
    expect(forged.body).not.toContain("attacker");
  });

  it("refuses an unknown section or a malformed page bound with a translated 400", async () => {
    const section = await get("/sitemaps/users.xml", { "accept-language": "en" });
    expect(section.statusCode).toBe(400);
    expect(section.json()).toMatchObject({ success: false, error: "Invalid sitemap page" });
    expect((await get("/sitemaps/restaurants.xml?from=' OR 1=1 --")).json()).toMatchObject({
      success: false,
      error: "Pagina della sitemap non valida",
    });
    expect((await get("/sitemaps/pages.xml?before=Milano")).statusCode).toBe(400);
  });
});
