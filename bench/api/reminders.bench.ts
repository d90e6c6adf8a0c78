import { sameEveryDay } from "@tavolo/shared/opening-hours";
import Fastify from "fastify";
import { sql } from "kysely";
import webPush from "web-push";
import { openDatabase } from "../../apps/api/src/db/database";
import { migrate } from "../../apps/api/src/db/migrate";
import { ITALIAN_CITIES } from "../../apps/api/src/catalog/seed/italian-cities";
import { createMailer } from "../../apps/api/src/mail/mailer";
import { createOutboxTransport } from "../../apps/api/src/mail/outbox-transport";
import { DEFAULT_PUSH_RETRY } from "../../apps/api/src/modules/push/push-config";
import { bookingChangedPush } from "../../apps/api/src/modules/push/push-messages";
import { createPushSender } from "../../apps/api/src/modules/push/push-sender";
import { createReminderWorker } from "../../apps/api/src/modules/reminders/reminder-worker";
import { upsertCities, upsertRestaurants } from "../../apps/api/src/modules/restaurants/catalog-writes.repository";
import { startPushPeer } from "../../apps/api/test/push-peer";
import { startBenchServer } from "../lib/server";

/**
 * Reminders and Web Push (decisions 045, 046): what one process sends, on PostgreSQL, to a real
 * RFC 8291 push service peer (HTTPS, VAPID checked, payload decrypted):
 * - pushes/s: booking pushes staged for BENCH_REMINDER_DINERS diners and delivered;
 * - reminders/s: one worker pass over as many due bookings (links, mail, push), until delivered;
 * - latency: from each reminder's due time to its push at the peer, with the worker polling every
 *   BENCH_REMINDER_POLL_SECONDS (production default REMINDER_POLL_SECONDS = 30).
 */
const DINERS = Number(process.env.BENCH_REMINDER_DINERS ?? 200);
const POLL_MS = Number(process.env.BENCH_REMINDER_POLL_SECONDS ?? 1) * 1000;
const PORT = Number(process.env.BENCH_PORT ?? 3401);
const LEAD_MINUTES = 180;
const ROME = "Europe/Rome";

export interface RemindersBenchReport {
  lines: string[];
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? NaN;

export async function benchReminders(): Promise<RemindersBenchReport> {
  const api = await startBenchServer("postgres", 0, PORT);
  await api.stop();
  const database = await openDatabase({
    databaseUrl: api.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/postgres",
    poolSize: 20,
  });
  await migrate(database);
  const db = database.db;
  const log = Fastify({ logger: false }).log;
  const keys = webPush.generateVAPIDKeys();
  const peer = await startPushPeer(keys.publicKey);
  const mailer = createMailer({ db, transport: createOutboxTransport(log), from: "bench@tavolo.local", log });
  const push = createPushSender({
    db,
    config: {
      vapid: { ...keys, subject: "mailto:bench@tavolo.local" },
      extraOrigins: [peer.origin],
      retry: DEFAULT_PUSH_RETRY,
    },
    log,
    agent: peer.agent,
  });
  const timing = { leadMinutes: LEAD_MINUTES, minNoticeMinutes: LEAD_MINUTES };
  const worker = createReminderWorker({ db, mailer, push, appOrigin: "http://bench", timing, log });
  const lines: string[] = [];
  try {
    // Earlier runs' bookings are over or cancelled: only this run's are due.
    await sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now() WHERE status IN ('pending', 'confirmed')`.execute(
      db,
    );
    const milano = ITALIAN_CITIES.find((city) => city.slug === "milano")!;
    const cityIds = await upsertCities(db, [milano]);
    const [restaurantId] = await upsertRestaurants(
      db,
      [
        {
          citySlug: "milano",
          name: `Bench reminders ${Date.now()}`,
          type: "trattoria",
          categories: ["italiano"],
          descriptionIt: "",
          descriptionEn: "",
          address: "Via Bench 2",
          phone: "+39 02 1234567",
          imageKey: "trattoria-1",
          rating: 4,
          priceRange: 2,
          timeZone: ROME,
          lat: 45.46,
          lng: 9.19,
          openingHours: sameEveryDay({ open: "00:00", close: "23:45" }),
          autoConfirm: true,
          tables: Array.from({ length: DINERS }, (_, i) => ({ number: i + 1, capacity: 2 })),
        },
      ],
      cityIds,
    );
    const { rows: users } = await sql<{ id: string }>`
      INSERT INTO users (email, first_name, language)
      SELECT 'bench-remind-' || g || '-' || ${Date.now()} || '@bench.tavolo.test', 'Bench', 'it'
        FROM generate_series(1, ${DINERS}) AS g RETURNING id`.execute(db);
    for (const user of users) {
      const subscription = peer.subscribe();
      await db
        .insertInto("push_subscriptions")
        .values({ user_id: user.id, endpoint: subscription.endpoint, ...subscription.keys })
        .execute();
    }

    // Pushes per second: a booking push to every diner, staged and delivered.
    const payload = bookingChangedPush("it", "moved", {
      reservationId: "bench",
      restaurantName: "Bench",
      date: "2099-01-01",
      time: "20:00",
      people: 2,
      historyUrl: "/history",
    });
    let started = performance.now();
    for (const user of users) (await push.stage(db, user.id, payload))();
    await push.idle();
    let ms = performance.now() - started;
    lines.push(`pushes: ${users.length} in ${Math.round(ms)} ms = ${Math.round((users.length / ms) * 1000)} pushes/s`);

    // Reminders per second: every diner's booking due at once, one worker pass, delivered.
    const book = (startsInMinutes: number) =>
      sql`
      INSERT INTO reservations (user_id, restaurant_id, table_id, starts_at, ends_at, party_size, status, created_at)
      SELECT u.id, ${restaurantId!}, t.id, now() + ${startsInMinutes} * interval '1 minute',
             now() + ${startsInMinutes + 90} * interval '1 minute', 2, 'confirmed', now() - interval '4 days'
        FROM (SELECT id, row_number() OVER () AS n FROM users WHERE id = ANY(${users.map((u) => u.id)}::uuid[])) u
        JOIN restaurant_tables t ON t.restaurant_id = ${restaurantId!} AND t.number = u.n`.execute(db);
    await book(60);
    started = performance.now();
    const reminded = await worker.runOnce();
    await push.idle();
    ms = performance.now() - started;
    lines.push(
      `reminders: ${reminded} in ${Math.round(ms)} ms = ${Math.round((reminded / ms) * 1000)} reminders/s (mail + push)`,
    );

    // Latency: bookings that fall due in 2 s, the worker polling every POLL_MS.
    await sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now() WHERE restaurant_id = ${restaurantId!}`.execute(
      db,
    );
    const dueAt = Date.now() + 2_000;
    await book(LEAD_MINUTES + 2 / 60);
    const before = peer.received.length;
    const arrivals: number[] = [];
    const timer = setInterval(() => void worker.runOnce().catch(() => {}), POLL_MS);
    const seen = new Set<number>();
    const poll = setInterval(() => {
      for (let i = before; i < peer.received.length; i++)
        if (!seen.has(i) && peer.received[i]!.payload.kind === "reminder") {
          seen.add(i);
          arrivals.push(Date.now() - dueAt);
        }
    }, 10);
    while (arrivals.length < users.length && Date.now() < dueAt + 60_000) await new Promise((r) => setTimeout(r, 50));
    clearInterval(timer);
    clearInterval(poll);
    await push.idle();
    lines.push(
      `reminder latency after due time (poll ${POLL_MS / 1000} s, ${arrivals.length} reminders): ` +
        `p50 ${percentile(arrivals, 50)} ms, p95 ${percentile(arrivals, 95)} ms, max ${Math.max(...arrivals)} ms`,
    );
  } finally {
    await push.close();
    await mailer.close();
    await peer.close();
    await database.close();
  }
  return { lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of (await benchReminders()).lines) console.log(`reminders ${line}`);
}
