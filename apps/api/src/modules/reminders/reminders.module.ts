import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/database";
import { noStore } from "../../http/no-store";
import type { Mailer } from "../../mail/mailer";
import type { PushSender } from "../push/push-sender";
import { createReminderLinks, type ReleaseBooking } from "./reminder-links.service";
import { createReminderWorker, type ReminderWorker } from "./reminder-worker";
import { reminderLinkRoutes } from "./reminders.routes";

declare module "fastify" {
  interface FastifyInstance {
    /** The reminders' background pass; tests and the bench run it by hand. */
    reminderWorker: ReminderWorker;
  }
}

/** Reminders before a booking and their one-tap links (decision 046), under /api/client. */
export async function registerRemindersModule(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    database: Database;
    mailer: Mailer;
    push: PushSender;
    release: ReleaseBooking;
    invalidateAvailability: () => void;
  },
): Promise<void> {
  const db = deps.database.db;
  const worker = createReminderWorker({
    db,
    mailer: deps.mailer,
    push: deps.push,
    appOrigin: deps.config.appOrigin,
    timing: deps.config.reminders,
    log: app.log,
  });
  app.decorate("reminderWorker", worker);
  worker.start(deps.config.reminders.pollMs);
  app.addHook("onClose", () => worker.close());
  const links = createReminderLinks({ db, release: deps.release });
  await app.register(
    async (client) => {
      client.addHook("onRequest", noStore);
      await client.register(reminderLinkRoutes, {
        links,
        rateLimits: deps.config.authRateLimit,
        invalidateAvailability: deps.invalidateAvailability,
      });
    },
    { prefix: "/api/client" },
  );
}
