/**
 * What a write that frees tables or seats tells the waitlist once it has committed (decision 029):
 * the restaurant whose tables, or the offer whose seats, came back. Declared here, implemented by
 * the waitlist module, so the booking modules do not depend on it. Never throws.
 */
export type FreedLine = { restaurantId: string; offerId: null } | { restaurantId: string; offerId: string };
export type FreedTrigger = (lines: readonly FreedLine[]) => Promise<void>;

/** The line a booking's row belongs to. */
export const lineOf = (row: { restaurant_id: string; offer_id: string | null }): FreedLine =>
  row.offer_id === null
    ? { restaurantId: row.restaurant_id, offerId: null }
    : { restaurantId: row.restaurant_id, offerId: row.offer_id };
