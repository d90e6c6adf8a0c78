import type pg from "pg";
import { SEATING_MINUTES, SLOT_MINUTES } from "@tavolo/shared/constants";
import { addDays, dateInZone } from "@tavolo/shared/dates";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import { daySeatings } from "@tavolo/shared/reservation-slots";
import type { MakeReservationRequest, UserReservationsResponse } from "@tavolo/shared/reservations";
import type { BenchUser } from "./bench-users";

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

/** Days a bench move goes forward: the same weekday (the same opening hours), past every booked day. */
const MOVE_DAYS = 14;

/**
 * modifyReservation requests over the bench users' upcoming table bookings (their history, up to
 * 200 each): the n-th pass over them moves each booking MOVE_DAYS ahead, the next pass back to its
 * day, same table and time, so every move lands on a seating nobody else books. Passes are
 * hundreds of requests apart, far more than the clients in flight, so a booking is never moved
 * twice at once.
 */
export async function moveRequests(
  baseUrl: string,
  users: BenchUser[],
): Promise<(index: number) => { path: string; body: object; user: BenchUser }> {
  const bookings = [];
  for (const user of users) {
    const res = await fetch(`${baseUrl}/api/client/getUserReservations/${user.id}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    if (res.status !== 200) throw new Error(`history of ${user.email}: ${res.status} ${await res.text()}`);
    const { reservations } = (await res.json()) as UserReservationsResponse;
    for (const reservation of reservations) {
      if (reservation.kind === "table" && reservation.canCancel) bookings.push({ reservation, user });
    }
  }
  if (bookings.length === 0) throw new Error("no upcoming bench booking to move");
  const moves = shuffled(bookings);
  return (index) => {
    const { reservation, user } = moves[index % moves.length]!;
    const forward = Math.floor(index / moves.length) % 2 === 0;
    return {
      path: `/api/client/modifyReservation/${reservation.id}`,
      body: {
        date: forward ? addDays(reservation.date, MOVE_DAYS) : reservation.date,
        time: reservation.time,
        numberOfPeople: reservation.numberOfPeople,
        tableId: reservation.tableId,
      },
      user,
    };
  };
}
