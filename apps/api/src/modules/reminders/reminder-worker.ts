import { paths } from "@tavolo/shared/app-paths";
import { wallClockOf } from "@tavolo/shared/dates";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema";
import type { Mailer } from "../../mail/mailer";
import { reminderMail } from "../../mail/templates/reminder-mails";
import { insertActionToken } from "../auth/action-tokens.repository";
import { hashToken, newOpaqueToken } from "../auth/secrets";
import { reminderPush } from "../push/push-messages";
import type { PushSender } from "../push/push-sender";
import { findReservationView } from "../reservations/reservation-views.repository";
import * as repo from "./reminders.repository";
import { pollingWorker } from "../../background/polling-worker";

/** Bookings one transaction reminds at most; the pass goes on while it finds full batches. */
const BATCH = 25;

/**
 * Reminders (decision 046), run by every API process every REMINDER_POLL_SECONDS. A batch of due
 * bookings is taken under FOR UPDATE SKIP LOCKED; in the same transaction each gets its reminder row
 * (the primary key allows one), its two signed links, its mail and its pushes, all in the outboxes.
 * So a reminder is sent once whatever the number of processes, and a process dying before its
 * commit loses nothing: the next pass, of any process, takes the booking again.
 */
export function createReminderWorker(deps: {
  db: Kysely<DB>;
  mailer: Mailer;
  push: PushSender;
  appOrigin: string;
  timing: repo.ReminderTiming;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, push, appOrigin, timing, log } = deps;

  async function linkFor(
    trx: Transaction<DB>,
    action: keyof typeof repo.REMINDER_PURPOSES,
    view: { id: string; user_id: string; starts_at: Date },
  ) {
    const token = newOpaqueToken();
    await insertActionToken(trx, {
      tokenHash: hashToken(token),
      purpose: repo.REMINDER_PURPOSES[action],
      userId: view.user_id,
      target: view.id,
      // The links expire at the booking's start: nothing is left to attend or release after it.
      lifetimeSeconds: Math.max(1, Math.floor((view.starts_at.getTime() - Date.now()) / 1000)),
    });
    return action === "attend" ? paths.reminderAttend(token) : paths.reminderRelease(token);
  }

  async function remind(trx: Transaction<DB>, reservationId: string): Promise<(() => void) | undefined> {
    if (!(await repo.recordReminder(trx, reservationId))) return undefined;
    const view = await findReservationView(trx, reservationId);
    if (!view) return undefined;
    const attendUrl = await linkFor(trx, "attend", view);
    const releaseUrl = await linkFor(trx, "release", view);
    const { date, time } = wallClockOf(view.starts_at, view.time_zone);
    const language = view.user_language;
    const seating = { restaurantName: view.restaurant_name, date, time, people: view.party_size };
    const sendMail = await mailer.stage(
      trx,
      { address: view.user_email, userId: view.user_id },
      language,
      reminderMail(language, {
        ...seating,
        name: view.user_first_name || view.user_display_name,
        address: view.address,
        tableNumber: view.table_number,
        attendLink: `${appOrigin}${attendUrl}`,
        releaseLink: `${appOrigin}${releaseUrl}`,
      }),
    );
    const sendPush = await push.stage(
      trx,
      view.user_id,
      reminderPush(language, { ...seating, reservationId, attendUrl, releaseUrl }),
    );
    return () => {
      sendMail();
      sendPush();
    };
  }

  /** Sends every due reminder; the number sent. */
  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const { starts, taken } = await db.transaction().execute(async (trx) => {
        const due = await repo.lockDueReminders(trx, timing, BATCH);
        const started: (() => void)[] = [];
        for (const id of due) {
          const start = await remind(trx, id);
          if (start) started.push(start);
        }
        return { starts: started, taken: due.length };
      });
      for (const start of starts) start();
      sent += starts.length;
      if (taken < BATCH) return sent;
    }
  }

  return pollingWorker("reminders", log, runOnce);
}

export type ReminderWorker = ReturnType<typeof createReminderWorker>;
