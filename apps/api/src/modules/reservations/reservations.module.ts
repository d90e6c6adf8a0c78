import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import type { Mailer } from "../../mail/mailer";
import type { PushSender } from "../push/push-sender";
import { availabilityRoutes } from "./availability.routes";
import { createAvailabilityService } from "./availability.service";
import { purgeOldIdempotencyKeys } from "./idempotency.repository";
import { createReservationNotifications } from "./reservation-notifications";
import { reservationRoutes } from "./reservations.routes";
import { createReservationService, type CancelBooking } from "./reservations.service";
import { noStore } from "../../http/no-store";
import type { PublicReadCache } from "../../http/public-read-cache";
import type { FreedTrigger } from "./freed-trigger";

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

declare module "fastify" {
  interface FastifyInstance {
    /** The reservations module's cancel/release operation for other modules (decision 034). */
    cancelBooking: CancelBooking;
  }
}

/** What both booking modules (tables here, Last Minute seats in offers) are built from. */
export interface BookingModuleDeps {
  database: Database;
  mailer: Mailer;
  /** Moved and cancelled bookings are pushed too (decision 045). */
  push: PushSender;
  appOrigin: string;
  /** Free tables and offer seats: reused seconds (decisions 009, 013). */
  availabilityCache: PublicReadCache;
  /** Called by every booking and cancellation: clears the availability caches of every process (decision 015). */
  invalidateAvailability: () => void;
  /** Called after a write freed tables or seats: the waitlist's first fitting diners get them held (decision 029). */
  freed: FreedTrigger;
}

/**
 * Table reservations (decision 007): availability (public) and booking, cancelling and history (signed
 * in), under /api/client. Registers after the auth module, whose `requireUser` it uses.
 */
export async function registerReservationsModule(
  app: FastifyInstance,
  deps: BookingModuleDeps,
): Promise<{ cancel: CancelBooking }> {
  const db = deps.database.db;
  const notifications = createReservationNotifications({
    mailer: deps.mailer,
    push: deps.push,
    appOrigin: deps.appOrigin,
    log: app.log,
  });
  const reservations = createReservationService({ db, notifications, freed: deps.freed });
  const availability = createAvailabilityService(db);
  const cancelBooking: CancelBooking = async (userId, id, language) => {
    const answer = await reservations.cancel(userId, id, language);
    // Reached only once the cancel has committed (a refusal throws): a table or seats are free again.
    deps.invalidateAvailability();
    return answer;
  };
  app.decorate("cancelBooking", cancelBooking);

  await app.register(
    async (client) => {
      await client.register(availabilityRoutes, { availability, cache: deps.availabilityCache });
      await client.register(async (personal) => {
        // Personal answers: no cache may keep them.
        personal.addHook("onRequest", noStore);
        await personal.register(reservationRoutes, {
          reservations,
          cancelBooking,
          availability,
          invalidateAvailability: deps.invalidateAvailability,
        });
      });
    },
    { prefix: "/api/client" },
  );

  const housekeeping = setInterval(() => {
    purgeOldIdempotencyKeys(db).catch((error: unknown) =>
      app.log.warn({ err: error }, "reservations housekeeping failed"),
    );
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook("onClose", async () => clearInterval(housekeeping));
  return { cancel: cancelBooking };
}
