import { describe, expect, it } from "vitest";
import { readWholeSitemap, SITEMAP_LIMITS } from "../../../test/sitemap-reader";
import { useTestApp } from "../../../test/test-app";
import { seed } from "../../catalog/seed/seed";
import { SITEMAP_ROWS_PER_FILE } from "./sitemap.service";

/**
 * The sitemap at the catalogue's target scale: 50,000 restaurants with their offers, on PostgreSQL
 * (PGlite would take minutes to load them). Every restaurant must be listed, in both languages,
 * and no file may pass the protocol's 50,000 URLs or 50 MB.
 */
const RESTAURANTS = 50_000;
const onPostgres = process.env.TAVOLO_TEST_DATABASE === "postgres";
const ORIGIN = "https://tavolo.example";

const t = useTestApp({
  env: { APP_ORIGIN: ORIGIN },
  prepare: async (database) => {
    if (onPostgres) await seed(database.db, { restaurants: RESTAURANTS });
    return database;
  },
});

describe.skipIf(!onPostgres)("sitemap at 50,000 restaurants", () => {
  it("lists every restaurant in Italian and English, in files under the protocol's limits", async () => {
    const { files, urls } = await readWholeSitemap(t.app);
    const restaurantFiles = files.filter((file) => file.includes("/sitemaps/restaurants.xml"));
    // 50,000 restaurants in files of 5,000: ten files of 10,000 URLs each.
    expect(restaurantFiles).toHaveLength(RESTAURANTS / SITEMAP_ROWS_PER_FILE);
    expect(2 * SITEMAP_ROWS_PER_FILE).toBeLessThan(SITEMAP_LIMITS.urls);

    const listed = new Set<string>();
    for (const { loc } of urls) {
      const match = /^https:\/\/tavolo\.example\/restaurants\/([\w-]+)\?lang=(it|en)$/.exec(loc);
      if (match) listed.add(`${match[1]} ${match[2]}`);
    }
    const ids = await t.database.db.selectFrom("restaurants").select("id").execute();
    expect(ids).toHaveLength(RESTAURANTS);
    const missing = ids.flatMap(({ id }) =>
      ["it", "en"].filter((lang) => !listed.has(`${id} ${lang}`)).map((lang) => `${id} ${lang}`),
    );
    expect(missing).toEqual([]);
    expect(listed.size).toBe(2 * RESTAURANTS);

    const live = await t.database.db
      .selectFrom("offers")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("book_until_at", ">", new Date())
      .executeTakeFirstOrThrow();
    expect(urls.filter((url) => url.loc.includes("/lastminute/")).length).toBe(2 * Number(live.count));
  });
});
