import { sql, type Kysely } from "kysely";
import type { SitemapSection } from "@tavolo/shared/seo";
import type { DB } from "../../db/schema";

/**
 * The sitemap's reads (decision 028), keyset-paged on a unique key (city slug, restaurant or offer
 * id) and read in chunks of CHUNK rows: a short LIMIT keeps every statement an index range scan,
 * also where a file covers a large share of a small table (live offers). No count, no OFFSET past a
 * chunk. db/catalogue-at-scale.test.ts EXPLAINs them at 50,000 restaurants.
 */
const CHUNK = 500;

export interface SitemapRow {
  key: string;
  lastmod: Date | null;
}

interface Bounds {
  /** Included. */
  from?: string;
  /** Excluded (the previous chunk's last key). */
  after?: string;
  /** Excluded. */
  before?: string;
}

/** One chunk of a section's rows in key order, `skip` rows after the bounds' start. */
async function chunk(
  db: Kysely<DB>,
  section: SitemapSection,
  bounds: Bounds,
  now: Date,
  limit: number,
  skip = 0,
): Promise<SitemapRow[]> {
  if (section === "pages") {
    // Cities with at least one restaurant: each has a search page.
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
    if (bounds.from !== undefined) query = query.where("c.slug", ">=", bounds.from);
    if (bounds.after !== undefined) query = query.where("c.slug", ">", bounds.after);
    if (bounds.before !== undefined) query = query.where("c.slug", "<", bounds.before);
    return query.orderBy("c.slug").offset(skip).limit(limit).execute();
  }
  if (section === "restaurants") {
    let query = db.selectFrom("restaurants").select(["id as key", "updated_at as lastmod"]);
    if (bounds.from !== undefined) query = query.where("id", ">=", bounds.from);
    if (bounds.after !== undefined) query = query.where("id", ">", bounds.after);
    if (bounds.before !== undefined) query = query.where("id", "<", bounds.before);
    return query.orderBy("id").offset(skip).limit(limit).execute();
  }
  // Offers still bookable: expired ones leave the sitemap.
  let query = db.selectFrom("offers").select(["id as key", "updated_at as lastmod"]).where("book_until_at", ">", now);
  if (bounds.from !== undefined) query = query.where("id", ">=", bounds.from);
  if (bounds.after !== undefined) query = query.where("id", ">", bounds.after);
  if (bounds.before !== undefined) query = query.where("id", "<", bounds.before);
  return query.orderBy("id").offset(skip).limit(limit).execute();
}

/** The rows of one sitemap file: keys from `from` (included) to `before` (excluded), at most `max`. */
export async function fileRows(
  db: Kysely<DB>,
  section: SitemapSection,
  range: { from?: string; before?: string },
  max: number,
  now: Date,
): Promise<SitemapRow[]> {
  const rows: SitemapRow[] = [];
  let bounds: Bounds = range;
  while (rows.length < max) {
    const next = await chunk(db, section, bounds, now, Math.min(CHUNK, max - rows.length));
    rows.push(...next);
    if (next.length < CHUNK) break;
    bounds = { after: next[next.length - 1]!.key, before: range.before };
  }
  return rows;
}

/**
 * The first key of each file after the first, for files of `rowsPerFile` rows: steps of CHUNK keys
 * through the index (the key CHUNK places on, then the next), never a scan of the table.
 */
export async function fileStarts(
  db: Kysely<DB>,
  section: SitemapSection,
  rowsPerFile: number,
  now: Date,
): Promise<string[]> {
  const starts: string[] = [];
  let from: string | undefined;
  for (;;) {
    // The key rowsPerFile places after `from`, reached CHUNK keys at a time.
    let key = from;
    let moved = 0;
    while (moved < rowsPerFile) {
      const step = Math.min(CHUNK, rowsPerFile - moved);
      const [row] = await chunk(db, section, { from: key }, now, 1, step);
      key = row?.key;
      if (key === undefined) return starts;
      moved += step;
    }
    starts.push(key!);
    from = key;
  }
}
