import { sql, type Kysely, type Transaction } from "kysely";
import { OCCUPYING_RESERVATION_STATUSES } from "@tavolo/shared/reservations";
import type { Seating } from "@tavolo/shared/reservation-slots";
import type { DB } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/** A restaurant and the seatings whose tables are to be checked, in the order of its day. */
export interface SeatingsToCheck {
  restaurantId: string;
  seatings: readonly Seating[];
}

/**
 * For each of `asked`, in its order, those of its seatings with a table in service seating `people`
 * free for the whole seating, in one statement whatever the number of restaurants (decision 024).
 * The seatings come in worked out (the seating rules are the shared TypeScript ones, not repeated in
 * SQL). One look per restaurant (decision 070): its fitting tables through the (restaurant_id,
 * number) index, and per table the time its live seatings take within the asked window, through the
 * GiST index of the exclusion constraint that refuses a double booking, as one multirange. A seating
 * is free at a table whose multirange it does not overlap: exactly what that constraint would
 * accept, overlaps as half-open ranges.
 */
export async function findFreeSeatings(
  db: Db,
  asked: readonly SeatingsToCheck[],
  people: number,
): Promise<Seating[][]> {
  // Restaurants of one service share one list of seatings (free-seatings.ts): each seating is sent
  // once, and each candidate as two positions, its restaurant's and its seating's (decision 070).
  const positions = new Map<Seating, number>();
  const seatings: Seating[] = [];
  const restaurantAt: number[] = [];
  const seatingAt: number[] = [];
  asked.forEach((restaurant, index) => {
    for (const seating of restaurant.seatings) {
      let position = positions.get(seating);
      if (position === undefined) {
        position = seatings.push(seating);
        positions.set(seating, position);
      }
      restaurantAt.push(index + 1);
      seatingAt.push(position);
    }
  });
  const free = asked.map((): Seating[] => []);
  if (seatings.length === 0) return free;
  const from = new Date(Math.min(...seatings.map((seating) => seating.startsAt.getTime()))).toISOString();
  const to = new Date(Math.max(...seatings.map((seating) => seating.endsAt.getTime()))).toISOString();
  // Answered by position (WITH ORDINALITY counts from 1), in the candidates' order: no time or key
  // goes back and forth (decision 068).
  const { rows } = await sql<{ n: number }>`
    WITH fit AS MATERIALIZED (
           SELECT t.r,
                  (SELECT range_agg(tstzrange(x.starts_at, x.ends_at))
                     FROM reservations x
                    WHERE x.table_id = t.id
                      AND x.status IN (${sql.join(OCCUPYING_RESERVATION_STATUSES.map((status) => sql.lit(status)))})
                      AND tstzrange(x.starts_at, x.ends_at) && tstzrange(${from}::timestamptz, ${to}::timestamptz)
                  ) AS taken
             FROM unnest(${asked.map((restaurant) => restaurant.restaurantId)}::uuid[]) WITH ORDINALITY AS a(id, r)
            -- OFFSET 0 keeps the index probe per restaurant: flattened, the join hashed every table of
            -- the catalogue.
            CROSS JOIN LATERAL (
                    SELECT a.r, t.id
                      FROM restaurant_tables t
                     WHERE t.restaurant_id = a.id AND t.active AND t.capacity >= ${people}::int
                    OFFSET 0
                  ) AS t
         )
    SELECT c.n
      FROM unnest(${restaurantAt}::int[], ${seatingAt}::int[]) WITH ORDINALITY AS c(r, s, n)
     WHERE EXISTS (
             SELECT 1
               FROM fit f
              WHERE f.r = c.r
                AND (f.taken IS NULL
                     OR NOT f.taken && tstzrange(
                          (${seatings.map((seating) => seating.startsAt.toISOString())}::timestamptz[])[c.s],
                          (${seatings.map((seating) => seating.endsAt.toISOString())}::timestamptz[])[c.s])))
     ORDER BY c.n`.execute(db);
  for (const { n } of rows) free[restaurantAt[n - 1]! - 1]!.push(seatings[seatingAt[n - 1]! - 1]!);
  return free;
}
