import type { Agent as HttpsAgent } from "node:https";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { answerSerializerCompiler } from "./http/answer-encoder";
import { registerConnectionClose } from "./http/connection-close";
import { registerHandlerDrain } from "./http/handler-drain";
import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import { clientErrorHandler } from "./plugins/client-errors";
import { frameworkErrors, registerErrorHandling } from "./plugins/errors";
import { registerLoadShedding } from "./plugins/load-shedding";
import { registerApiDocs } from "./plugins/api-docs";
import { registerFrameworkResponses } from "./plugins/framework-responses";
import { registerRequestInput } from "./plugins/request-input";
import { registerWebApp } from "./plugins/web-app";
import type { ServerEntry } from "@tavolo/shared/server-render";
import { renderPageHead } from "./modules/seo/page-head";
import { createConcurrencyGate } from "./http/concurrency-gate";
import { healthRoutes } from "./modules/health/health.routes";
import { restaurantRoutes } from "./modules/restaurants/restaurants.routes";
import { createRestaurantService } from "./modules/restaurants/restaurants.service";
import { PublicReadCache } from "./http/public-read-cache";
import { registerPermissionsPolicy } from "./http/permissions-policy";
import { registerSecurityHeaders } from "./http/security-headers";
import { fastifyTrustProxy } from "./http/trust-proxy";
import { registerRateLimiting } from "./plugins/rate-limit";
import { registerAuthModule } from "./modules/auth/auth.module";
import { createMailer } from "./mail/mailer";
import { createOutboxTransport } from "./mail/outbox-transport";
import { createSmtpTransport } from "./mail/smtp-transport";
import { devMailboxRoutes } from "./mail/dev-mailbox.routes";
import { registerReservationsModule } from "./modules/reservations/reservations.module";
import { registerAccountModule } from "./modules/account/account.module";
import { registerFavoritesModule } from "./modules/favorites/favorites.module";
import { createOutboxSmsSender } from "./sms/outbox-sms-sender";
import { registerOffersModule } from "./modules/offers/offers.module";
import { registerSeoModule } from "./modules/seo/seo.module";
import { createWaitlistHolds, registerWaitlistModule } from "./modules/waitlist/waitlist.module";
import { registerRemindersModule } from "./modules/reminders/reminders.module";
import { registerPushModule } from "./modules/push/push.module";
import { connectRedis } from "./redis/redis-connection";
import { createCacheInvalidation, PUBLIC_CACHES } from "./http/cache-invalidation";
import { Registry } from "prom-client";
import { registerHttpMetrics } from "./metrics/http-metrics";
import { metricsRoutes } from "./metrics/metrics.routes";
import { nameServerSpan, traceLogFields } from "./telemetry/spans";

/** Seats and free tables move: an answer is reused for a few seconds at most (decisions 009, 013). */
const AVAILABILITY_CACHE_SECONDS = 5;

export interface AppDependencies {
  database: Database;
  /** DATABASE_READ_URL: a replica for the public catalogue reads, which tolerate its lag (decision 015). */
  catalogueReplica?: Database;
  /** The clock offer deadlines are read by (default: the system's); tests move it. */
  now?: () => Date;
  /** Sees every route as it is added (the fuzz suite checks each one is covered). */
  onRoute?: (route: RouteOptions) => void;
  /** The web app's server entry; by default the build's, beside WEB_DIST_DIR. Tests hand in the source. */
  serverEntry?: ServerEntry;
  /** Only for tests: an HTTPS agent trusting the test push service's certificate (decision 045). */
  pushAgent?: HttpsAgent;
}

/** Builds the whole HTTP application; server.ts listens, tests inject. */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"] },
    // Every request's log lines carry its id (`reqId`), and the trace's ids when tracing is on
    // (decision 048): the request logger is made while the server span is active.
    childLoggerFactory: (logger, bindings, options) => logger.child({ ...bindings, ...traceLogFields() }, options),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Query strings like ?a[b]=c stay flat strings: the zod schemas decide what is valid.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerErrorHandling(app);
  registerPermissionsPolicy(app);
  registerRequestInput(app);
  registerFrameworkResponses(app);
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.url) nameServerSpan(request.method, request.routeOptions.url);
  });
  registerLoadShedding(app, config.maxInFlightRequests);
  // At the root, before any route: every route's requests are timed (decision 043).
  const metricsRegistry = new Registry();
  registerHttpMetrics(app, metricsRegistry);

  registerSecurityHeaders(app);
  await registerApiDocs(app, config.appOrigin);
  const redis = config.redisUrl ? connectRedis(app, config.redisUrl) : undefined;
  await registerRateLimiting(app, redis);
  const cacheInvalidation = createCacheInvalidation(app, redis);

  const cache = new PublicReadCache({
    name: "catalogue",
    ttlSeconds: config.publicCacheTtlSeconds,
    maxEntries: 10_000,
  });
  // Free tables and offer seats: kept seconds, cleared by every booking write of any process.
  const availabilityCache = new PublicReadCache({
    name: "availability",
    ttlSeconds: Math.min(config.publicCacheTtlSeconds, AVAILABILITY_CACHE_SECONDS),
    maxEntries: 10_000,
    browser: "revalidate",
  });
  const invalidateAvailability = () => cacheInvalidation.invalidate(PUBLIC_CACHES.availability);
  const restaurants = createRestaurantService((deps.catalogueReplica ?? deps.database).db, deps.database.db);

  cacheInvalidation.watch(PUBLIC_CACHES.catalogue, cache);
  cacheInvalidation.watch(PUBLIC_CACHES.availability, availabilityCache);

  await app.register(healthRoutes, {
    prefix: "/api",
    database: deps.database,
    catalogueReplica: deps.catalogueReplica,
    redis,
  });
  await app.register(metricsRoutes, {
    database: deps.database,
    token: config.metricsToken,
    appRegistry: metricsRegistry,
  });
  await app.register(restaurantRoutes, { prefix: "/api/client", restaurants, cache, availabilityCache });

  const mailer = createMailer({
    db: deps.database.db,
    transport: config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.appOrigin, config.dkim)
      : createOutboxTransport(app.log),
    from: config.mailFrom,
    log: app.log,
    retry: config.mailRetry,
  });
  app.addHook("onClose", () => mailer.close());
  const accounts = await registerAuthModule(app, { config, database: deps.database, mailer });
  const push = await registerPushModule(app, { database: deps.database, config: config.push, agent: deps.pushAgent });
  // Freed tables and seats go to waiting diners first (decision 029): every freeing write calls it.
  const waitlistDeps = {
    database: deps.database,
    mailer,
    push,
    appOrigin: config.appOrigin,
    holdMinutes: config.waitlist.holdMinutes,
    pollMs: config.waitlist.pollMs,
    invalidateAvailability,
    rateLimits: config.authRateLimit,
  };
  const holds = createWaitlistHolds(app, waitlistDeps);
  // Text messages: the outbox is the only transport so far (see sms/sms-sender.ts for a real gateway).
  const sms = createOutboxSmsSender(deps.database.db, app.log);
  await registerAccountModule(app, {
    config,
    database: deps.database,
    mailer,
    sms,
    ...accounts,
    now: deps.now,
    invalidateAvailability,
    freed: holds.freed,
  });
  await registerFavoritesModule(app, { database: deps.database });
  const reservations = await registerReservationsModule(app, {
    database: deps.database,
    mailer,
    push,
    appOrigin: config.appOrigin,
    availabilityCache,
    invalidateAvailability,
    freed: holds.freed,
  });
  const offers = await registerOffersModule(app, {
    database: deps.database,
    mailer,
    push,
    appOrigin: config.appOrigin,
    availabilityCache,
    invalidateAvailability,
    freed: holds.freed,
    now: deps.now,
    unsubscribeSecret: config.jwtSecret,
  });
  await registerSeoModule(app, {
    db: (deps.catalogueReplica ?? deps.database).db,
    appOrigin: config.appOrigin,
    webDistDir: config.webDistDir,
    restaurants,
    offers,
    cacheInvalidation,
    publicCacheTtlSeconds: config.publicCacheTtlSeconds,
    now: deps.now,
  });
  await registerWaitlistModule(app, { ...waitlistDeps, holds });
  await registerRemindersModule(app, {
    config,
    database: deps.database,
    mailer,
    push,
    // "Non riesco a venire" is the ordinary cancellation: mail, .ics, the table to the waitlist (decision 046).
    release: async (userId, id, language) => void (await reservations.cancel(userId, id, language)),
    invalidateAvailability,
  });
  // The development mailbox exists only where no real mail is sent (DESIGN §6).
  if (mailer.transportKind === "outbox")
    await app.register(devMailboxRoutes, { db: deps.database.db, publicAccess: config.devMailboxPublic });
  // Whole server-rendered pages (decisions 027, 030), cleared with the answers they are made of, in
  // every process: home shows the catalogue only; search, restaurant and offer pages also free
  // tables or seats, so every booking write clears them too. With no write, a page lives until its
  // content changes with the clock (the next quarter hour, an offer on it closing) and at most
  // PUBLIC_PAGE_TTL_SECONDS. What a page shows of availability is refreshed by the browser right
  // after hydrating (the queries' staleTime is shorter than the page's age can be).
  const cataloguePageCache = new PublicReadCache({
    name: "catalogue_pages",
    ttlSeconds: config.publicPageTtlSeconds,
    maxEntries: 100,
    browser: "revalidate",
  });
  const availabilityPageCache = new PublicReadCache({
    name: "availability_pages",
    ttlSeconds: config.publicPageTtlSeconds,
    maxEntries: 5_000,
    browser: "revalidate",
  });
  cacheInvalidation.watch(PUBLIC_CACHES.catalogue, cataloguePageCache);
  cacheInvalidation.watch(PUBLIC_CACHES.catalogue, availabilityPageCache);
  cacheInvalidation.watch(PUBLIC_CACHES.availability, availabilityPageCache);
  await registerWebApp(app, config.webDistDir, {
    origin: config.appOrigin,
    caches: { catalogue: cataloguePageCache, availability: availabilityPageCache },
    headOf: renderPageHead,
    // Renders at once per process, and a queue of 8 times as many (decision 041).
    renders: createConcurrencyGate({
      active: config.maxConcurrentRenders,
      queued: config.maxConcurrentRenders * 8,
      retryAfterSeconds: 1,
    }),
    now: deps.now,
    entry: deps.serverEntry,
  });

  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode >= 500)
      request.log.warn(
        { url: request.url, route: request.routeOptions.url, status: reply.statusCode },
        "server error response",
      );
  });
  registerConnectionClose(app);
  // Last: its close hook runs first, before anything a handler still running needs is closed.
  registerHandlerDrain(app);
  return app;
}
