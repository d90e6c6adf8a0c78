import { randomUUID } from "node:crypto";
import type autocannon from "autocannon";
import { SEARCH_CATEGORIES } from "@tavolo/shared/categories";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import { addDays, dateInZone } from "@tavolo/shared/dates";
import { daySeatings } from "@tavolo/shared/reservation-slots";
import { openDatabase } from "../../apps/api/src/db/database";
import { ITALIAN_CITIES } from "../../apps/api/src/catalog/seed/italian-cities";
import { clearBenchBookings, type BenchUser } from "./bench-users";
import { bookableOfferIds, bookingRequests, moveRequests } from "./booking-requests";
import { benchDatabase, startBenchServer, type Engine } from "./server";

/** What the API benches ask for (bench/api/api.bench.ts warm, bench/api/cold.bench.ts cold). */

const CATEGORIES = ["all", "pizza", "pesce", "carne", "vegetariano"];
/** Deterministic jitter, so every run asks the same spread of points. */
function jitter(i: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return (x - Math.floor(x) - 0.5) * 0.1;
}
const cityName = (i: number) => (i % 2 ? ITALIAN_CITIES[i]!.nameEn : ITALIAN_CITIES[i]!.nameIt);

export const searchPaths = ITALIAN_CITIES.slice(0, 60).flatMap((_, i) =>
  ["all", ...SEARCH_CATEGORIES].map(
    (category, j) =>
      `/api/client/searchRestaurantsByLocation?location=${encodeURIComponent(cityName(i))}&category=${category}&page=${1 + ((i + j) % 3)}`,
  ),
);
/** The server-rendered search page (decision 027) for the same cities and cuisines, as a visitor opens it. */
export const searchPagePaths = ITALIAN_CITIES.slice(0, 60).flatMap((_, i) =>
  ["all", ...SEARCH_CATEGORIES].map(
    (category) => `/search?location=${encodeURIComponent(cityName(i))}&category=${category}`,
  ),
);
/**
 * "Where can we sit?" in Milan, the city with most restaurants: a date of the coming week, an
 * evening time, a party of 1 to 6, each cuisine, three pages; every answer lists free times.
 */
export const searchForTablePaths = (today: string) =>
  ["all", ...SEARCH_CATEGORIES].flatMap((category, i) =>
    [1, 2, 3, 4, 5, 6, 7].map((days, j) => {
      const time = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30"][(i + j) % 6];
      const query = `date=${addDays(today, days)}&time=${time}&people=${1 + ((i + j) % 6)}&category=${category}`;
      return `/api/client/searchRestaurantsByLocation?location=milano&${query}&page=${1 + ((i * 7 + j) % 3)}`;
    }),
  );
export const byCityPaths = ITALIAN_CITIES.slice(0, 60).flatMap((_, i) =>
  [10, 20, 35].map(
    (radius, j) =>
      `/api/client/getLastMinuteByCity?city=${encodeURIComponent(cityName(i))}&includeNearbyCities=true&radius=${radius}&category=${CATEGORIES[(i + j) % CATEGORIES.length]}`,
  ),
);
export const gpsPaths = ITALIAN_CITIES.slice(0, 40).flatMap((city, i) =>
  [2, 5, 10, 25, 50].map(
    (radius, j) =>
      `/api/client/getAvailableLastMinute?lat=${(city.lat + jitter(i * 7 + j)).toFixed(5)}&lng=${(city.lng + jitter(i * 13 + j)).toFixed(5)}&radius=${radius}&category=${CATEGORIES[(i + j) % CATEGORIES.length]}`,
  ),
);

export interface EngineData {
  restaurantPaths: string[];
  tablesPaths: string[];
  slotsPaths: string[];
  bookings: object[];
  offerIds: string[];
}

/**
 * Opens the engine's data while no server runs: forgets earlier runs' bench bookings (the data is
 * kept between runs) and picks the restaurants, seatings and offers the load will ask for.
 */
export async function prepareData(engine: Engine, restaurants: number, port: number): Promise<EngineData> {
  // The first start seeds the catalogue; PGlite then needs the process gone to be opened here.
  await (await startBenchServer(engine, restaurants, port)).stop();
  const database = await openDatabase({ ...(await benchDatabase(engine, restaurants)), poolSize: 2 });
  try {
    await clearBenchBookings(database.pool);
    // As autovacuum would on a live server (this machine's has it off): without a visibility map a
    // city's count reads every heap page instead of the index alone, 10× slower at 50,000
    // restaurants (decision 056).
    if (engine === "postgres") await database.pool.query("VACUUM ANALYZE");
    const { rows } = await database.pool.query<{ id: string; opening_hours: OpeningHours; time_zone: string }>(
      "SELECT id, opening_hours, time_zone FROM restaurants ORDER BY md5(id::text) LIMIT 2000",
    );
    const tablesPaths = rows.flatMap((restaurant, i) => {
      const date = addDays(dateInZone(new Date(), restaurant.time_zone), 1 + (i % 7));
      const seatings = daySeatings(restaurant.opening_hours, restaurant.time_zone, date);
      const seating = seatings[i % Math.max(1, seatings.length)];
      return seating
        ? [`/api/client/getAvailableTables/${restaurant.id}?date=${date}&time=${seating.time}&people=${1 + (i % 4)}`]
        : [];
    });
    const slotsPaths = rows.map((restaurant, i) => {
      const date = addDays(dateInZone(new Date(), restaurant.time_zone), 1 + (i % 7));
      return `/api/client/getAvailableSlots/${restaurant.id}?date=${date}&people=${1 + (i % 6)}`;
    });
    return {
      restaurantPaths: rows.map((restaurant) => `/api/client/getRestaurantById/${restaurant.id}`),
      tablesPaths,
      slotsPaths,
      bookings: await bookingRequests(database.pool, { restaurantCount: 1_500, days: 10, limit: 120_000 }),
      offerIds: await bookableOfferIds(database.pool, 5_000),
    };
  } finally {
    await database.close();
  }
}

/** One write: where it goes, what it carries, and whose session sends it. */
export interface Write {
  path: string;
  body: object;
  user: BenchUser;
}

/** A POST per request, each with its own body and Idempotency-Key, as the web app sends them. */
export function writes(writeOf: (index: number) => Write): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: "POST",
      path: "/",
      setupRequest: (request) => {
        const { path, body, user } = writeOf(next++);
        return {
          ...request,
          path,
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${user.token}`,
            "idempotency-key": randomUUID(),
          },
          body: JSON.stringify(body),
        };
      },
    },
  ];
}

export type BookingEndpoint = "makeReservation" | "modifyReservation" | "bookLastMinute";

/** The three booking writes, each a source of requests made when its measurement starts. */
export function bookingLoads(
  data: EngineData,
  users: BenchUser[],
  baseUrl: string,
): [BookingEndpoint, () => Promise<(index: number) => Write>][] {
  const userOf = (index: number) => users[index % users.length]!;
  return [
    [
      "makeReservation",
      async () => (i) => ({
        path: "/api/client/makeReservation",
        body: data.bookings[i % data.bookings.length]!,
        user: userOf(i),
      }),
    ],
    // Moves the bookings the line above made, two weeks on and back (decision 025).
    ["modifyReservation", async () => await moveRequests(baseUrl, users)],
    [
      "bookLastMinute",
      async () => (i) => ({
        path: "/api/client/bookLastMinute",
        body: { lastMinuteId: data.offerIds[i % data.offerIds.length], people: 1 },
        user: userOf(i),
      }),
    ],
  ];
}
