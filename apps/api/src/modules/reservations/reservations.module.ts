import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import type { Mailer } from "../../mail/mailer";
import { availabilityRoutes } from "./availability.routes";
import { createAvailabilityService } from "./availability.service";
import { purgeOldIdempotencyKeys } from "./idempotency.repository";
import { createReservationNotifications } from "./reservation-notifications";
import { reservationRoutes } from "./reservations.routes";
import { createReservationService } from "./reservations.service";
import { noStore } from "../../http/no-store";

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Table reservations (issue 5): availability (public) and booking, cancelling and history (signed
 * in), under /api/client. Registers after the auth module, whose `requireUser` it uses.
 */
export async function registerReservationsModule(
  app: FastifyInstance,
  deps: { database: Database; mailer: Mailer; appOrigin: string },
): Promise<void> {
  const db = deps.database.db;
  const notifications = createReservationNotifications({
    mailer: deps.mailer,
    appOrigin: deps.appOrigin,
    log: app.log,
  });
  const reservations = createReservationService({ db, notifications });
  const availability = createAvailabilityService(db);

  await app.register(
    async (client) => {
      // Availability moves with every booking and the rest is personal: no cache may keep either.
      client.addHook("onRequest", noStore);
      await client.register(availabilityRoutes, { availability });
      await client.register(reservationRoutes, { reservations });
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
}
