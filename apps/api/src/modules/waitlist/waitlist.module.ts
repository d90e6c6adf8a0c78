import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import { noStore } from "../../http/no-store";
import type { AuthRateLimits } from "../../config";
import type { Mailer } from "../../mail/mailer";
import type { PushSender } from "../push/push-sender";
import { createReservationNotifications } from "../reservations/reservation-notifications";
import { holdByLink } from "./hold-link-details";
import { createHoldAssigner, type HoldAssigner } from "./hold-assignment";
import { holdLinkRoutes, waitlistRoutes } from "./waitlist.routes";
import { createWaitlistService } from "./waitlist.service";
import { createWaitlistWorker, type WaitlistWorker } from "./waitlist-worker";

export interface WaitlistModuleDeps {
  database: Database;
  mailer: Mailer;
  push: PushSender;
  appOrigin: string;
  holdMinutes: number;
  /** WAITLIST_POLL_SECONDS in ms: how often this process releases due holds and sweeps the lines. */
  pollMs: number;
  invalidateAvailability: () => void;
  /** The per-address limits of the token routes, which the hold link shares (decision 035). */
  rateLimits: AuthRateLimits;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The waitlist's background pass (expiry and sweep); tests and the bench run it by hand. */
    waitlistWorker: WaitlistWorker;
  }
}

/**
 * The matching of freed tables to waiting diners, built before the booking modules, which call
 * `freed` after every write that frees a table or seats (decision 029).
 */
export function createWaitlistHolds(app: FastifyInstance, deps: WaitlistModuleDeps): HoldAssigner {
  return createHoldAssigner({
    db: deps.database.db,
    mailer: deps.mailer,
    push: deps.push,
    appOrigin: deps.appOrigin,
    holdMinutes: deps.holdMinutes,
    log: app.log,
  });
}

/** The waitlist (decision 029) under /api/client, and its background worker. After the auth module. */
export async function registerWaitlistModule(
  app: FastifyInstance,
  deps: WaitlistModuleDeps & { holds: HoldAssigner },
): Promise<void> {
  const db = deps.database.db;
  const notifications = createReservationNotifications({
    mailer: deps.mailer,
    push: deps.push,
    appOrigin: deps.appOrigin,
    log: app.log,
  });
  const waitlist = createWaitlistService({
    db,
    holds: deps.holds,
    notifications,
    availabilityChanged: deps.invalidateAvailability,
  });
  const options = { waitlist };
  await app.register(
    async (client) => {
      // Personal answers: no cache may keep them.
      client.addHook("onRequest", noStore);
      await client.register(holdLinkRoutes, {
        ...options,
        rateLimits: deps.rateLimits,
        holdByLink: (token: string) => holdByLink(db, token),
      });
      await client.register(waitlistRoutes, options);
    },
    { prefix: "/api/client" },
  );
  const worker = createWaitlistWorker({
    db,
    holds: deps.holds,
    log: app.log,
    invalidateAvailability: deps.invalidateAvailability,
  });
  app.decorate("waitlistWorker", worker);
  worker.start(deps.pollMs);
  app.addHook("onClose", () => worker.close());
}
