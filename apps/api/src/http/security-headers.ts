import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Helmet's headers on every request that reaches a route. The middleware is built once (decision
 * 056): `@fastify/helmet` built it again for every request, parsing the whole Content-Security-Policy
 * each time — 8 % of the CPU of a cold search, and of every other answer.
 */
const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The app and API share one origin; cross-origin isolation would only block the docs page assets.
  crossOriginEmbedderPolicy: false,
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    // Helmet throws rather than passing an error on (helmet 8.1); a callback error is rethrown alike.
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error) throw error;
      done();
    });
  });
}
