import { SLOT_MINUTES } from "@tavolo/shared/constants";
import { EXPIRING_SOON_MINUTES } from "@tavolo/shared/offer-time";

const SLOT_MS = SLOT_MINUTES * 60_000;
const EXPIRING_SOON_MS = EXPIRING_SOON_MINUTES * 60_000;
/** Deep enough for every answer the public pages load (a list of offers in a page of results). */
const MAX_DEPTH = 6;

/**
 * The first instant after `now` at which a page rendered at `now` from `data` (its queries'
 * answers) would render differently with no write at all (decision 030), so the server can keep it
 * until then and no longer:
 * - the next slot boundary (a quarter hour, midnight included): today's first free seating, the
 *   search form's default time and "today" itself move on there, in every zone whose offset is a
 *   whole number of quarter hours (all of Europe);
 * - an offer shown on the page turning "closing soon" or closing (its `expiresAt`).
 * Writes (bookings, imports) are not the clock's business: they clear the page through the caches'
 * invalidation.
 */
export function pageChangesAt(data: readonly unknown[], now: number): number {
  let earliest = (Math.floor(now / SLOT_MS) + 1) * SLOT_MS;
  const consider = (instant: number) => {
    if (instant > now && instant < earliest) earliest = instant;
  };
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.expiresAt === "string") {
      const closes = Date.parse(record.expiresAt);
      if (!Number.isNaN(closes)) {
        consider(closes);
        consider(closes - EXPIRING_SOON_MS);
      }
    }
    for (const key in record) visit(record[key], depth + 1);
  };
  for (const answer of data) visit(answer, 0);
  return earliest;
}
