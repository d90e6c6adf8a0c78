import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";

/**
 * The sitemap's reads (decision 028), each keyset-paged on a unique key (city slug, restaurant or
 * offer id) so a page costs an index range scan whatever its position; no count, no OFFSET into
 * the table. db/hot-query-plans.test.ts EXPLAINs them at 50,000 restaurants.
 */

export interface KeyRange {
  /** Included; absent: from the first key. */
  from?: string;
  /** Excluded; absent: to the last key. */
  before?: string;
}

export interface SitemapRow {
  key: string;
  lastmod: Date | null;
}

/** Cities with at least one restaurant: each has a search page. */
export async function cityPages(db: Kysely<DB>, range: KeyRange, limit: number): Promise<SitemapRow[]> {
  let query = db
    .selectFrom("cities as c")
    .select(["c.slug as key", sql<Date | null>`null`.as("lastmod")])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("restaurants as r")
          .select(sql`1`.as("one"))
          .whereRef("r.city_id", "=", "c.id"),
      ),
    );
  if (range.from !== undefined) query = query.where("c.slug", ">=", range.from);
  if (range.before !== undefined) query = query.where("c.slug", "<", range.before);
  return query.orderBy("c.slug").limit(limit).execute();
}

export async function restaurantPages(db: Kysely<DB>, range: KeyRange, limit: number): Promise<SitemapRow[]> {
  let query = db.selectFrom("restaurants").select(["id as key", "updated_at as lastmod"]);
  if (range.from !== undefined) query = query.where("id", ">=", range.from);
  if (range.before !== undefined) query = query.where("id", "<", range.before);
  return query.orderBy("id").limit(limit).execute();
}

/** Offers still bookable at `now`: expired ones leave the sitemap. */
export async function liveOfferPages(db: Kysely<DB>, range: KeyRange, limit: number, now: Date): Promise<SitemapRow[]> {
  let query = db.selectFrom("offers").select(["id as key", "updated_at as lastmod"]).where("book_until_at", ">", now);
  if (range.from !== undefined) query = query.where("id", ">=", range.from);
  if (range.before !== undefined) query = query.where("id", "<", range.before);
  return query.orderBy("id").limit(limit).execute();
}

/**
 * The first key of each page of `rowsPerPage` rows (the first page starts with no key): one short
 * index walk per page, `OFFSET rowsPerPage` from the previous page's first key.
 */
export async function pageStarts(
  db: Kysely<DB>,
  section: "pages" | "restaurants" | "offers",
  rowsPerPage: number,
  now: Date,
): Promise<string[]> {
  const starts: string[] = [];
  let from: string | undefined;
  for (;;) {
    const next = await nextPageStart(db, section, from, rowsPerPage, now);
    if (next === undefined) return starts;
    starts.push(next);
    from = next;
  }
}

async function nextPageStart(
  db: Kysely<DB>,
  section: "pages" | "restaurants" | "offers",
  from: string | undefined,
  rowsPerPage: number,
  now: Date,
): Promise<string | undefined> {
  if (section === "pages") {
    let query = db
      .selectFrom("cities as c")
      .select("c.slug as key")
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("restaurants as r")
            .select(sql`1`.as("one"))
            .whereRef("r.city_id", "=", "c.id"),
        ),
      );
    if (from !== undefined) query = query.where("c.slug", ">=", from);
    return (await query.orderBy("c.slug").offset(rowsPerPage).limit(1).executeTakeFirst())?.key;
  }
  if (section === "restaurants") {
    let query = db.selectFrom("restaurants").select("id as key");
    if (from !== undefined) query = query.where("id", ">=", from);
    return (await query.orderBy("id").offset(rowsPerPage).limit(1).executeTakeFirst())?.key;
  }
  let query = db.selectFrom("offers").select("id as key").where("book_until_at", ">", now);
  if (from !== undefined) query = query.where("id", ">=", from);
  return (await query.orderBy("id").offset(rowsPerPage).limit(1).executeTakeFirst())?.key;
}
