import { sql, type Kysely, type Transaction } from "kysely";
import { OCCUPYING_RESERVATION_STATUSES } from "@tavolo/shared/reservations";
import type { Seating } from "@tavolo/shared/reservation-slots";
import type { DB } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/** A seating a restaurant offers, whose tables are still to be checked. */
export interface CandidateSeating extends Seating {
  restaurantId: string;
}

/**
 * Those of `candidates`, in their order, with a table in service seating `people` free for the
 * whole seating, in one statement whatever the number of restaurants (decision 024). They come in
 * as arrays (the seating rules are the shared TypeScript ones, not repeated in SQL); each is
 * answered by the (restaurant_id, number) index of its restaurant's tables and, per table, the GiST
 * index of the exclusion constraint that refuses a double booking: "free" is exactly what that
 * constraint would accept, overlaps of live seatings as half-open ranges.
 */
export async function findFreeSeatings(
  db: Db,
  candidates: readonly CandidateSeating[],
  people: number,
): Promise<CandidateSeating[]> {
  if (candidates.length === 0) return [];
  // Answered by position (WITH ORDINALITY counts from 1), in the candidates' order: no time or key
  // goes back and forth (decision 068).
  const { rows } = await sql<{ n: number }>`
    SELECT s.n
      FROM unnest(
             ${candidates.map((c) => c.restaurantId)}::uuid[],
             ${candidates.map((c) => c.startsAt.toISOString())}::timestamptz[],
             ${candidates.map((c) => c.endsAt.toISOString())}::timestamptz[]
           ) WITH ORDINALITY AS s(restaurant_id, starts_at, ends_at, n)
     -- LATERAL … LIMIT 1: probe each seating's tables through the index, stop at the first free
     -- one. A semi join lets the planner hash every table of the catalogue instead.
     CROSS JOIN LATERAL (
             SELECT 1
               FROM restaurant_tables t
              WHERE t.restaurant_id = s.restaurant_id
                AND t.active
                AND t.capacity >= ${people}::int
                AND NOT EXISTS (
                      SELECT 1
                        FROM reservations x
                       WHERE x.table_id = t.id
                         AND x.status IN (${sql.join(OCCUPYING_RESERVATION_STATUSES.map((status) => sql.lit(status)))})
                         AND tstzrange(x.starts_at, x.ends_at) && tstzrange(s.starts_at, s.ends_at))
              LIMIT 1
           ) AS free_table
     ORDER BY s.n`.execute(db);
  return rows.map((row) => candidates[row.n - 1]!);
}
