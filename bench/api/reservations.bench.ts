import autocannon from "autocannon";
import pg from "pg";
import { clearBenchBookings, signInBenchUsers } from "../lib/bench-users";
import { bookingRequests } from "../lib/booking-requests";
import { formatRow, measure, type LoadResult } from "../lib/load";
import { startBenchServer } from "../lib/server";

/**
 * Issue 5 bench: makeReservation on PostgreSQL with 50,000 restaurants and 50 concurrent clients,
 * each request a distinct valid booking spread over many restaurants, tables, days and seatings,
 * against a hello-world route (/api/health) of the same server in the same run. Prints req/s, p99,
 * the ratio, how many bookings were made (201) or refused (409), and checks for double bookings.
 */
const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 50_000);
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const BENCH_USERS = 8;
const PORT = 3410;

export async function benchReservations(): Promise<LoadResult[]> {
  console.log(`\n== postgres: makeReservation with ${RESTAURANTS.toLocaleString("en")} restaurants ==`);
  // Signing in the bench users must not meet the sign-in rate limits meant for real clients.
  const server = await startBenchServer("postgres", RESTAURANTS, PORT, {
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
  });
  try {
    const databaseUrl = server.databaseUrl!;
    const users = await signInBenchUsers(server.url, BENCH_USERS);
    await clearBenchBookings(databaseUrl, users);
    const bodies = await bookingRequests(databaseUrl, { restaurantCount: 1_500, days: 10, limit: 120_000 });
    const restaurantsUsed = new Set(bodies.map((body) => body.restaurantId)).size;
    const tablesUsed = new Set(bodies.map((body) => body.tableId)).size;
    console.log(
      `${bodies.length.toLocaleString("en")} distinct bookings prepared over ${restaurantsUsed} restaurants and ${tablesUsed} tables`,
    );

    await measure({ title: "warm-up", baseUrl: server.url, paths: ["/api/health"], durationSeconds: 2 });
    const hello = await measure({
      title: "postgres · hello world (/api/health)",
      baseUrl: server.url,
      paths: ["/api/health"],
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    });

    let next = 0;
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      requests: [
        {
          method: "POST",
          path: "/api/client/makeReservation",
          // One shared cursor: every connection takes the next unused booking.
          setupRequest: (request) => {
            const index = next++;
            const user = users[index % users.length]!;
            return {
              ...request,
              headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
              body: JSON.stringify(bodies[index % bodies.length]),
            };
          },
        },
      ],
    });
    const booking: LoadResult = {
      title: `postgres · makeReservation, ${CONNECTIONS} clients`,
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
    console.log(formatRow(hello));
    console.log(formatRow(booking, hello));
    const byStatus = Object.entries(result.statusCodeStats ?? {})
      .map(([status, stats]) => `${status}: ${stats.count ?? 0}`)
      .join(", ");
    console.log(`makeReservation answers by status: ${byStatus}${next > bodies.length ? " (bookings reused)" : ""}`);
    await reportDoubleBookings(databaseUrl);
    return [hello, booking];
  } finally {
    await server.stop();
  }
}

/** The database's own verdict after the load: live seatings that overlap on one table. */
async function reportDoubleBookings(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reservations a JOIN reservations b
          ON a.table_id = b.table_id AND a.id < b.id
         AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
       WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')`,
    );
    const doubles = rows[0]?.n ?? 0;
    console.log(`Double bookings in the database after the run: ${doubles} ${doubles === 0 ? "✔" : "✘"}`);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchReservations();
}
