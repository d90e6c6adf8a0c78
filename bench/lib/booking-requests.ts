import type pg from "pg";
import { SEATING_MINUTES, SLOT_MINUTES } from "@tavolo/shared/constants";
import { addDays, dateInZone } from "@tavolo/shared/dates";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import { daySeatings } from "@tavolo/shared/reservation-slots";
import type { MakeReservationRequest } from "@tavolo/shared/reservations";

interface RestaurantRow {
  id: string;
  opening_hours: OpeningHours;
  time_zone: string;
  tables: { id: string; capacity: number }[];
}

/** Deterministic shuffle (mulberry32), so two runs send the same requests in the same order. */
function shuffled<T>(items: T[], seed = 2026): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Valid, distinct makeReservation bodies spread over `restaurantCount` restaurants, all their
 * tables, the `days` days from tomorrow (in each restaurant's zone) and back-to-back seatings,
 * so that no two bodies compete for a table: each should book (201) unless the run outlasts them.
 */
export async function bookingRequests(
  pool: pg.Pool,
  options: { restaurantCount: number; days: number; limit: number },
): Promise<MakeReservationRequest[]> {
  const { rows: restaurants } = await pool.query<RestaurantRow>(
    `SELECT r.id, r.opening_hours, r.time_zone,
              json_agg(json_build_object('id', t.id, 'capacity', t.capacity) ORDER BY t.number) AS tables
         FROM restaurants r JOIN restaurant_tables t ON t.restaurant_id = r.id AND t.active
        GROUP BY r.id ORDER BY md5(r.id::text) LIMIT $1`,
    [options.restaurantCount],
  );
  // Every sixth quarter hour: consecutive picks end exactly as the next begins.
  const stride = SEATING_MINUTES / SLOT_MINUTES;
  const bodies: MakeReservationRequest[] = [];
  for (const restaurant of restaurants) {
    const today = dateInZone(new Date(), restaurant.time_zone);
    for (let day = 1; day <= options.days; day++) {
      const date = addDays(today, day);
      const seatings = daySeatings(restaurant.opening_hours, restaurant.time_zone, date).filter(
        (_, index) => index % stride === 0,
      );
      for (const seating of seatings) {
        for (const [index, table] of restaurant.tables.entries()) {
          bodies.push({
            restaurantId: restaurant.id,
            tableId: table.id,
            date,
            time: seating.time,
            numberOfPeople: 1 + ((index + day) % table.capacity),
            specialRequests: "",
          });
        }
      }
    }
  }
  return shuffled(bodies).slice(0, options.limit);
}

/** Live offers with seats to spare, for one-seat Last Minute bookings; most seats first. */
export async function bookableOfferIds(pool: pg.Pool, limit: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM offers WHERE book_until_at > now() + interval '30 minutes' AND available_seats > 0
      ORDER BY available_seats DESC, id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.id);
}
