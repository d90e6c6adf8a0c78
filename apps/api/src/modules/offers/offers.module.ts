import type { FastifyInstance } from "fastify";
import type { BookingModuleDeps } from "../reservations/reservations.module";
import { createReservationNotifications } from "../reservations/reservation-notifications";
import { createOfferAnnouncer, type OfferAnnouncer } from "./offer-alerts";
import { paths } from "@tavolo/shared/app-paths";
import { alertUnsubscribeRoutes } from "./alert-unsubscribe.routes";
import { offerActionRoutes, offerReadRoutes } from "./offers.routes";
import { createOfferService, type OfferService } from "./offers.service";

declare module "fastify" {
  interface FastifyInstance {
    /** Mails the diners waiting for the cities of newly published offers (seed, import). */
    announceOffers: OfferAnnouncer;
  }
}

/**
 * Last Minute offers (decision 009) under /api/client: public lists and detail, signed-in booking and
 * city alerts. Registers after the auth module, whose `requireUser` it uses. Bookings are
 * reservations, so history and cancelling live in the reservations module.
 */
export async function registerOffersModule(
  app: FastifyInstance,
  deps: BookingModuleDeps & { now?: () => Date; unsubscribeSecret: string },
): Promise<OfferService> {
  const notifications = createReservationNotifications({
    mailer: deps.mailer,
    push: deps.push,
    appOrigin: deps.appOrigin,
    log: app.log,
  });
  const offers = createOfferService({
    db: deps.database.db,
    notifications,
    now: deps.now ?? (() => new Date()),
  });
  app.decorate(
    "announceOffers",
    createOfferAnnouncer({
      db: deps.database.db,
      mailer: deps.mailer,
      push: deps.push,
      appOrigin: deps.appOrigin,
      unsubscribeSecret: deps.unsubscribeSecret,
      now: deps.now,
      log: app.log,
    }),
  );
  await app.register(
    async (client) => {
      await client.register(offerReadRoutes, { offers, listCache: deps.availabilityCache });
      await client.register(offerActionRoutes, { offers, invalidateLists: deps.invalidateAvailability });
      await client.register(alertUnsubscribeRoutes, {
        db: deps.database.db,
        secret: deps.unsubscribeSecret,
        settingsLink: `${deps.appOrigin}${paths.notifications()}`,
      });
    },
    { prefix: "/api/client" },
  );
  // The share cards of offer pages (seo module) read offers through the same service.
  return offers;
}
