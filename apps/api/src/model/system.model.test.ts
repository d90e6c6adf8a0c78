import fc from "fast-check";
import { REMINDER_LEAD_MINUTES } from "@tavolo/shared/constants";
import { afterAll, beforeAll, describe, it } from "vitest";
import { startPushPeer, type PushPeer } from "../../test/push-peer";
import { createBookingFixture } from "../../test/reservation-helpers";
import { TEST_VAPID_KEYS, useFixture, useTestApp } from "../../test/test-app";
import { registerDiner } from "./system-account-commands";
import { fillSeating } from "./system-booking-commands";
import { systemCommands } from "./system-commands";
import { seedLine } from "./system-line-commands";
import { checkInvariants, emptyModel, resetWorld, stepDone, stepsTaken } from "./system-model";

/**
 * The whole system against a simple model (decision 037), on PostgreSQL: random sequences of
 * registrations, address changes, new names, saved restaurants, browsers subscribed to Web Push (a
 * push service that decrypts what it gets), signing out and in, bookings, offer seats, moves,
 * cancellations, waitlist joins and leaves, hold answers and lapses, reminders answered by their links, exports and deletions,
 * invariants checked after every step. In CI a short budget
 * (MODEL_SECONDS, 30 s); by hand `npm run test:model -- --runs 2000`. MODEL_SEED and MODEL_PATH
 * replay a failure fast-check printed.
 */
const RUNS = Number(process.env.MODEL_RUNS ?? 1000);
const SECONDS = Number(process.env.MODEL_SECONDS ?? 30);

describe.skipIf(process.env.TAVOLO_TEST_DATABASE !== "postgres")("Tavolo against its model", () => {
  let push: PushPeer;
  beforeAll(async () => {
    push = await startPushPeer(TEST_VAPID_KEYS.VAPID_PUBLIC_KEY);
  });
  afterAll(() => push.close());
  // Catalogue answers are not cached here: the model reads the database's truth at every step.
  const t = useTestApp(() => ({
    pushAgent: push.agent,
    env: {
      PUSH_EXTRA_ORIGINS: push.origin,
      // Reminders as early as allowed, so a booking two days ahead can get one (the reminder step).
      REMINDER_LEAD_MINUTES: String(REMINDER_LEAD_MINUTES.max),
      PUBLIC_CACHE_TTL_SECONDS: "0",
      AUTH_RATE_LIMIT_PER_IP: "1000000",
      AUTH_RATE_LIMIT_FAILURES_PER_IP: "1000000",
      AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "1000000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000",
      AUTH_RATE_LIMIT_FAILURE_DELAY_MS: "0",
    },
  }));
  const f = useFixture(() => createBookingFixture(t));

  it(
    "keeps every invariant over random sequences of what diners do",
    async () => {
      let sequences = 0;
      const commands = systemCommands();
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 80, size: "max" }), async (sequence) => {
          sequences += 1;
          const world = await resetWorld(t, f, push);
          const model = emptyModel();
          // Three diners from the start, so the first steps already act on someone.
          for (let i = 0; i < 3; i += 1) {
            const d = await registerDiner(world, undefined);
            if ("statusCode" in d) throw new Error(`registration refused: ${d.statusCode}`);
            model.diners.push(d);
          }
          // The evening seating full and two diners in its line from the start: the first table freed
          // there is held, and the first join makes the line longer.
          await fillSeating(world, model, "20:00");
          await seedLine(world, model, 1, "20:00", 2);
          await seedLine(world, model, 2, "20:00", 4);
          await checkInvariants(world, model);
          try {
            await fc.asyncModelRun(() => ({ model, real: world }), sequence);
          } finally {
            stepDone();
          }
        }),
        {
          numRuns: RUNS,
          interruptAfterTimeLimit: SECONDS * 1000,
          markInterruptAsFailure: false,
          ...(process.env.MODEL_SEED ? { seed: Number(process.env.MODEL_SEED), path: process.env.MODEL_PATH } : {}),
        },
      );
      const steps = [...stepsTaken.entries()].sort(([a], [b]) => a.localeCompare(b));
      const total = steps.reduce((sum, [, { n }]) => sum + n, 0);
      const each = steps.map(([kind, { n, ms }]) => `${kind} ${n} (${Math.round(ms / n)} ms)`).join(", ");
      console.info(`model: ${sequences} sequences, ${total} steps: ${each}`);
    },
    (SECONDS + 600) * 1000,
  );
});
