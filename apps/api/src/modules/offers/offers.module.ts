import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import type { Mailer } from "../../mail/mailer";
import { PublicReadCache } from "../../http/public-read-cache";
import { createReservationNotifications } from "../reservations/reservation-notifications";
import { createOfferAnnouncer, type OfferAnnouncer } from "./offer-alerts";
import { offerActionRoutes, offerReadRoutes } from "./offers.routes";
import { createOfferService } from "./offers.service";

/** Seats and deadlines move: a list is reused for a few seconds at most (decision 009). */
const OFFER_LIST_CACHE_SECONDS = 5;

declare module "fastify" {
  interface FastifyInstance {
    /** Mails the diners waiting for the cities of newly published offers (seed, import). */
    announceOffers: OfferAnnouncer;
  }
}

/**
 * Last Minute offers (issue 6) under /api/client: public lists and detail, signed-in booking and
 * city alerts. Registers after the auth module, whose `requireUser` it uses. Bookings are
 * reservations, so history and cancelling live in the reservations module.
 */
export async function registerOffersModule(
  app: FastifyInstance,
  deps: {
    database: Database;
    mailer: Mailer;
    appOrigin: string;
    /** PUBLIC_CACHE_TTL_SECONDS: lists are kept for the shorter of it and OFFER_LIST_CACHE_SECONDS (0 = off). */
    publicCacheTtlSeconds: number;
    now?: () => Date;
  },
): Promise<void> {
  const notifications = createReservationNotifications({
    mailer: deps.mailer,
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
    createOfferAnnouncer({ db: deps.database.db, mailer: deps.mailer, appOrigin: deps.appOrigin, now: deps.now }),
  );
  const listCache = new PublicReadCache({
    ttlSeconds: Math.min(deps.publicCacheTtlSeconds, OFFER_LIST_CACHE_SECONDS),
    maxEntries: 5_000,
  });
  await app.register(
    async (client) => {
      await client.register(offerReadRoutes, { offers, listCache });
      await client.register(offerActionRoutes, { offers, listCache });
    },
    { prefix: "/api/client" },
  );
}
