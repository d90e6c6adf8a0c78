import { sql, type QueryCreator, type Transaction } from "kysely";
import type { DB } from "../../db/schema";

/**
 * Every change of an offer's seat counter, and the only one outside the catalogue's writes
 * (decision 034, amended): book, hold, give back. The reservations writer calls these with its own
 * statement or transaction, so a booking and its seats change together; `one-writer.test.ts` fails
 * when another module writes `offers.available_seats`.
 */

/**
 * The part of a booking's single statement that takes `people` seats, while enough are left and
 * the offer is still bookable; it answers the offer's row with the seats left, or no row (nothing taken). Concurrent
 * bookings queue on the offer's row; each re-checks the seats left once the one before it commits,
 * so a sold-out offer answers "no row" instead of going negative.
 */
export function takeBookableSeats(
  query: QueryCreator<DB>,
  booking: { offerId: string; userId: string; people: number; now: Date },
) {
  return (
    query
      .updateTable("offers")
      .set((eb) => ({ available_seats: eb("available_seats", "-", booking.people), updated_at: sql`now()` }))
      .where("id", "=", booking.offerId)
      .where("available_seats", ">=", booking.people)
      .where("book_until_at", ">", booking.now)
      // The diner's row is locked before the offer's (an uncorrelated EXISTS runs first, as a
      // one-time filter): an account deletion locks the user, then gives back the seats of its
      // bookings, so taking the two locks the other way round would deadlock (decision 021).
      // No diner (the account was deleted meanwhile): nothing is taken.
      .where(sql<boolean>`EXISTS (SELECT 1 FROM users WHERE id = ${booking.userId} FOR KEY SHARE)`)
      .returning(["id", "restaurant_id", "starts_at", "ends_at", "available_seats"])
  );
}

/**
 * Seats a hold takes (decision 029): the caller has locked the offer's row and counted the seats
 * left in the same transaction, so this takes them unconditionally.
 */
export async function takeHeldSeats(trx: Transaction<DB>, offerId: string, seats: number): Promise<void> {
  await trx
    .updateTable("offers")
    .set((eb) => ({ available_seats: eb("available_seats", "-", seats) }))
    .where("id", "=", offerId)
    .execute();
}

/**
 * Gives back the seats of bookings or holds that ended (cancelled, released), in the transaction
 * that ended them. Offers in id order: two transactions giving back to the same offers never wait
 * on each other in a circle.
 */
export async function giveBackSeats(
  trx: Transaction<DB>,
  ended: readonly { offer_id: string | null; party_size: number }[],
): Promise<void> {
  const byOffer = new Map<string, number>();
  for (const row of ended) {
    if (row.offer_id !== null) byOffer.set(row.offer_id, (byOffer.get(row.offer_id) ?? 0) + row.party_size);
  }
  for (const [offerId, seats] of [...byOffer].sort(([a], [b]) => a.localeCompare(b))) {
    await trx
      .updateTable("offers")
      .set((eb) => ({ available_seats: eb("available_seats", "+", seats) }))
      .where("id", "=", offerId)
      .execute();
  }
}
