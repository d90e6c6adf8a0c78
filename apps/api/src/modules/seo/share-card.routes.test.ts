import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { LastMinuteOfferResponse } from "@tavolo/shared/offers";
import type { RestaurantResponse } from "@tavolo/shared/restaurants";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { renderPageHead } from "./page-head";

let t: TestApp;
let restaurantId: string;
let offerId: string;
beforeAll(async () => {
  t = await createTestApp({ seedRestaurants: 60 });
  restaurantId = (await t.database.db.selectFrom("restaurants").select("id").orderBy("id").executeTakeFirstOrThrow())
    .id;
  offerId = (await t.database.db.selectFrom("offers").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

/** Width and height from the PNG's IHDR chunk, after checking the signature. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(body.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe("share cards", () => {
  it("draws a 1200×630 PNG for a restaurant, an offer and the home page, in each language", async () => {
    for (const url of [
      `/share/restaurants/${restaurantId}.png`,
      `/share/lastminute/${offerId}.png`,
      "/share/tavolo.png",
    ]) {
      for (const lang of ["it", "en"]) {
        const res = await get(`${url}?lang=${lang}`);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        expect(res.headers["content-type"]).toBe("image/png");
        expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
        expect(res.headers.etag).toMatch(/^"[\w-]{16}"$/);
        expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      }
    }
  });

  it("draws a card once: a second request is served from the cache, and a known ETag gets 304", async () => {
    const url = `/share/restaurants/${restaurantId}.png?lang=en`;
    const first = await get(url);
    const again = await get(url);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await get(url, { "if-none-match": String(first.headers.etag) })).statusCode).toBe(304);
    // The page head's URL carries the version: that address is cached for good, the bare one for an hour.
    const version = String(first.headers.etag).replaceAll('"', "");
    expect((await get(`${url}&v=${version}`)).headers["cache-control"]).toContain("immutable");
    expect(first.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("serves the og:image the page head names, as an immutable versioned PNG", async () => {
    const [{ restaurant }, { offer }] = await Promise.all([
      get(`/api/client/getRestaurantById/${restaurantId}`, { "accept-language": "en" }).then(
        (res) => res.json() as RestaurantResponse,
      ),
      get(`/api/client/getLastMinuteById/${offerId}`).then((res) => res.json() as LastMinuteOfferResponse),
    ]);
    for (const [page, lang] of [
      [{ kind: "restaurant", restaurant }, "en"],
      [{ kind: "offer", offer }, "it"],
      [{ kind: "home" }, "it"],
    ] as const) {
      const head = renderPageHead(page, { lang, origin: t.config.appOrigin, path: "/" });
      const image = /<meta property="og:image" content="([^"]+)">/.exec(head)![1]!.replaceAll("&amp;", "&");
      const res = await get(image.slice(t.config.appOrigin.length));
      expect(res.statusCode, image).toBe(200);
      expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("draws a new card when what it shows changes", async () => {
    const url = `/share/restaurants/${restaurantId}.png?lang=it`;
    const before = await get(url);
    await sql`UPDATE restaurants SET name = 'Osteria Rinominata' WHERE id = ${restaurantId}`.execute(t.database.db);
    const after = await get(url);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });

  it("answers 404 for an unknown restaurant or offer and 400 for a malformed id or language, translated", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const missing = await get(`/share/restaurants/${unknown}.png`, { "accept-language": "en" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      success: false,
      code: "restaurant_not_found",
      error: "Restaurant not found",
    });
    expect((await get(`/share/lastminute/${unknown}.png`)).json()).toMatchObject({
      code: "offer_not_found",
      success: false,
    });
    const malformed = await get("/share/restaurants/not-a-uuid.png");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, error: "ID ristorante non valido" });
    expect((await get(`/share/lastminute/%3Cscript%3E.png`)).statusCode).toBe(400);
    const language = await get(`/share/tavolo.png?lang=fr`, { "accept-language": "en" });
    expect(language.statusCode).toBe(400);
    expect(language.json()).toMatchObject({ error: "Invalid language: use it or en" });
    expect((await get(`/share/tavolo.png?v=${"x".repeat(65)}`)).statusCode).toBe(400);
  });
});
