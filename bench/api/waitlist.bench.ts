import { sameEveryDay } from "@tavolo/shared/opening-hours";
import Fastify from "fastify";
import { sql } from "kysely";
import { addDays, dateInZone } from "@tavolo/shared/dates";
import { openDatabase, type Database } from "../../apps/api/src/db/database";
import { migrate } from "../../apps/api/src/db/migrate";
import { ITALIAN_CITIES } from "../../apps/api/src/catalog/seed/italian-cities";
import { createMailer } from "../../apps/api/src/mail/mailer";
import { createOutboxTransport } from "../../apps/api/src/mail/outbox-transport";
import { upsertCities, upsertRestaurants } from "../../apps/api/src/modules/restaurants/catalog-writes.repository";
import { createReservationNotifications } from "../../apps/api/src/modules/reservations/reservation-notifications";
import { DEFAULT_PUSH_RETRY } from "../../apps/api/src/modules/push/push-config";
import { createPushSender } from "../../apps/api/src/modules/push/push-sender";
import { createHoldAssigner } from "../../apps/api/src/modules/waitlist/hold-assignment";
import { createWaitlistWorker } from "../../apps/api/src/modules/waitlist/waitlist-worker";
import { createWaitlistService } from "../../apps/api/src/modules/waitlist/waitlist.service";
import { startBenchServer } from "../lib/server";

/**
 * The waitlist bench (decision 029): what one process does with the waitlist, on PostgreSQL.
 * - joins/s: diners joining a full restaurant's line (each join also tries to match the line);
 * - holds/s: freed tables matched to the first fitting diners (hold row, link token, mail staged);
 * - expiries/s: due holds released and passed on to the next in line by the worker;
 * - expiry latency: from a hold's due time to its release by a real API process polling every
 *   WAITLIST_POLL_SECONDS (default 5 s; decision 029 asks for ≤ 30 s).
 * BENCH_WAITLIST_DATES × BENCH_WAITLIST_TABLES bookings are freed at once.
 */
const DATES = Number(process.env.BENCH_WAITLIST_DATES ?? 10);
const TABLES = Number(process.env.BENCH_WAITLIST_TABLES ?? 20);
/** Diners in line per date (each diner joins at most 5 lines). */
const PER_DATE = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const CONCURRENCY = 8;
const ROME = "Europe/Rome";

export interface WaitlistBenchReport {
  lines: string[];
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** One restaurant open all day with TABLES tables for two, every table booked at 20:00 on DATES days. */
async function prepare(database: Database) {
  const db = database.db;
  // The bench database is kept between runs: what an earlier run left waiting or held is cleared.
  await sql`UPDATE reservations SET status = 'released' WHERE status = 'held'`.execute(db);
  await sql`UPDATE waitlist_entries SET status = 'left' WHERE status IN ('waiting', 'held')`.execute(db);
  const milano = ITALIAN_CITIES.find((city) => city.slug === "milano")!;
  const cityIds = await upsertCities(db, [milano]);
  const slot = { open: "00:00", close: "23:45" };
  const [restaurantId] = await upsertRestaurants(
    db,
    [
      {
        citySlug: "milano",
        name: `Bench waitlist ${Date.now()}`,
        type: "trattoria",
        categories: ["italiano"],
        descriptionIt: "",
        descriptionEn: "",
        address: "Via Bench 1",
        phone: "+39 02 1234567",
        imageKey: "trattoria-1",
        rating: 4,
        priceRange: 2,
        timeZone: ROME,
        lat: 45.46,
        lng: 9.19,
        openingHours: sameEveryDay(slot),
        autoConfirm: true,
        tables: Array.from({ length: TABLES }, (_, i) => ({ number: i + 1, capacity: 2 })),
      },
    ],
    cityIds,
  );
  const diners = Math.ceil((DATES * PER_DATE) / 5);
  const { rows: users } = await sql<{ id: string }>`
    INSERT INTO users (email, first_name, language)
    SELECT 'bench-wait-' || g || '-' || ${Date.now()} || '@bench.tavolo.test', 'Bench', 'it'
      FROM generate_series(1, ${diners + 1}) AS g
    RETURNING id`.execute(db);
  const owner = users.pop()!.id;
  const dates = Array.from({ length: DATES }, (_, i) => addDays(dateInZone(new Date(), ROME), 10 + i));
  await sql`
    INSERT INTO reservations (user_id, restaurant_id, table_id, starts_at, ends_at, party_size, status)
    SELECT ${owner}, t.restaurant_id, t.id, (d || ' 20:00')::timestamp AT TIME ZONE ${ROME},
           (d || ' 21:30')::timestamp AT TIME ZONE ${ROME}, 2, 'confirmed'
      FROM restaurant_tables t, unnest(${dates}::text[]) AS d
     WHERE t.restaurant_id = ${restaurantId!}`.execute(db);
  return { restaurantId: restaurantId!, users: users.map((u) => u.id), dates };
}

export async function benchWaitlist(): Promise<WaitlistBenchReport> {
  const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  // The bench server's own database (no demo restaurants): migrated by the first start below.
  const api = await startBenchServer("postgres", 0, PORT, { WAITLIST_POLL_SECONDS: "5" });
  await api.stop();
  const database = await openDatabase({ databaseUrl: api.databaseUrl ?? server, poolSize: 20 });
  await migrate(database);
  const log = Fastify({ logger: false }).log;
  const mailer = createMailer({
    db: database.db,
    transport: createOutboxTransport(log),
    from: "bench@tavolo.local",
    log,
  });
  // Push off (no VAPID keys), as a production start without keys: the holds' own cost is measured.
  const push = createPushSender({
    db: database.db,
    config: { vapid: undefined, extraOrigins: [], retry: DEFAULT_PUSH_RETRY },
    log,
  });
  const holds = createHoldAssigner({ db: database.db, mailer, push, appOrigin: "http://bench", holdMinutes: 10, log });
  const notifications = createReservationNotifications({ mailer, push, appOrigin: "http://bench", log });
  const service = createWaitlistService({ db: database.db, holds, notifications, availabilityChanged: () => {} });
  const worker = createWaitlistWorker({ db: database.db, holds, log, invalidateAvailability: () => {} });
  const lines: string[] = [];
  try {
    const { restaurantId, users, dates } = await prepare(database);
    const joins = dates.flatMap((date, d) =>
      Array.from({ length: PER_DATE }, (_, i) => ({ userId: users[(d * PER_DATE + i) % users.length]!, date })),
    );
    const joined = await timed(() =>
      inBatches(joins, (join) =>
        service.join(
          join.userId,
          { restaurantId, date: join.date, timeFrom: "20:00", timeTo: "20:00", people: 2 },
          "it",
        ),
      ),
    );
    lines.push(
      `joins: ${joins.length} in ${Math.round(joined.ms)} ms = ${Math.round((joins.length / joined.ms) * 1000)} entries/s (${CONCURRENCY} at a time)`,
    );

    await sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now()
               WHERE restaurant_id = ${restaurantId} AND status = 'confirmed'`.execute(database.db);
    const offered = await timed(() => holds.assignLine({ restaurantId, offerId: null }));
    lines.push(
      `holds: ${offered.value} offered in ${Math.round(offered.ms)} ms = ${Math.round((offered.value / offered.ms) * 1000)} holds/s (one line, ${DATES} days × ${TABLES} tables freed at once)`,
    );

    await sql`UPDATE reservations SET hold_expires_at = now() WHERE status = 'held'`.execute(database.db);
    const expired = await timed(() => worker.runOnce());
    lines.push(
      `expiry: ${expired.value.released} released and passed on in ${Math.round(expired.ms)} ms = ${Math.round((expired.value.released / expired.ms) * 1000)} expiries/s`,
    );
    await mailer.idle();

    // Latency: a real API process polling every 5 s releases holds made due now.
    const latencies: number[] = [];
    const running = await startBenchServer("postgres", 0, PORT, { WAITLIST_POLL_SECONDS: "5" });
    try {
      for (let round = 0; round < 6; round++) {
        const { rows } = await sql<{ id: string }>`
          UPDATE reservations SET hold_expires_at = now()
           WHERE id = (SELECT id FROM reservations WHERE status = 'held' LIMIT 1) RETURNING id`.execute(database.db);
        const id = rows[0]?.id;
        if (!id) break;
        const due = Date.now();
        for (;;) {
          const { rows: state } = await sql<{
            status: string;
          }>`SELECT status FROM reservations WHERE id = ${id}`.execute(database.db);
          if (state[0]?.status !== "held") break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        latencies.push(Date.now() - due);
        // Spread the next due time over the poll period.
        await new Promise((resolve) => setTimeout(resolve, 1_300));
      }
    } finally {
      await running.stop();
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    lines.push(
      `expiry latency (WAITLIST_POLL_SECONDS=5, ${latencies.length} holds): median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
    );
  } finally {
    await worker.close();
    await mailer.close();
    await database.close();
  }
  for (const line of lines) console.log(`waitlist ${line}`);
  return { lines };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWaitlist();
