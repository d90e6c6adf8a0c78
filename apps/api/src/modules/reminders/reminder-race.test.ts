import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startApiProcesses, type ApiProcess } from "../../../test/api-processes";
import { skipUnlessPostgres } from "../../../test/booking-races";
import { raceParticipants, romeDate, type BookingFixture, type Diner } from "../../../test/reservation-helpers";
import { useTestApp } from "../../../test/test-app";
import { fillAllTables } from "../../../test/waitlist-helpers";

/**
 * Reminders across real API processes on PostgreSQL (decision 046): every process runs the worker;
 * two at once, one of them restarted midway, and each booking is reminded exactly once.
 */
const t = useTestApp();
let f: BookingFixture;
let diners: Diner[];
beforeAll(async () => {
  if (t.database.kind !== "postgres") return;
  ({ f, diners } = await raceParticipants(t, 30));
});

const REMINDER_ENV = { REMINDER_POLL_SECONDS: "0.2", REMINDER_LEAD_MINUTES: "4320" };

const remindedCount = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM reservation_reminders`.execute(t.database.db)).rows[0]!.n;

async function until(done: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("reminders with two API processes and a restart", () => {
  it("each booking is reminded exactly once, by one mail, none lost", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    // 30 bookings, one diner each, all due: made "four days ago", starting within the lead.
    const ids: string[] = [];
    let next = 0;
    for (const day of [1, 2])
      for (const time of ["10:00", "12:30", "15:00", "17:30", "20:00"]) {
        const owners = diners.slice(next, next + 3);
        next += 3;
        ids.push(...Object.values(await fillAllTables(t, f, owners, romeDate(day), time)));
      }
    expect(ids).toHaveLength(30);
    await sql`UPDATE reservations SET created_at = now() - interval '4 days' WHERE id = ANY(${ids}::uuid[])`.execute(
      t.database.db,
    );

    let processes: ApiProcess[] = await startApiProcesses(t, 2, REMINDER_ENV);
    try {
      // One process goes down as soon as reminders flow, and comes back: the other and the new one finish.
      await until(async () => (await remindedCount()) > 0, "the first reminders");
      await processes[0]!.stop();
      processes = [processes[1]!, ...(await startApiProcesses(t, 1, REMINDER_ENV))];
      await until(async () => (await remindedCount()) >= ids.length, "every reminder");
      // A few more passes of both: nothing is sent again.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await Promise.all(processes.map((process) => process.stop()));
    }

    const reminded = await sql<{ reservation_id: string }>`
      SELECT reservation_id FROM reservation_reminders WHERE reservation_id = ANY(${ids}::uuid[])`.execute(
      t.database.db,
    );
    expect(reminded.rows.map((row) => row.reservation_id).sort()).toEqual([...ids].sort());
    const mails = await sql<{ to_address: string; n: number }>`
      SELECT to_address, count(*)::int AS n FROM mail_outbox WHERE template = 'reservation-reminder'
       GROUP BY to_address`.execute(t.database.db);
    expect(mails.rows).toHaveLength(ids.length);
    expect(
      mails.rows.filter((row) => row.n !== 1),
      "diners reminded more than once",
    ).toEqual([]);
  });
});
