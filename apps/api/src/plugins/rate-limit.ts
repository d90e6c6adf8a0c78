import type { FastifyInstance, FastifyRequest } from "fastify";
import rateLimit from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import type { RateLimitRule } from "../config";
import { tooManyRequests } from "../errors";

/**
 * @fastify/rate-limit as a counter only (no global limit): our hooks decide the key and answer with
 * our JSON error body. With REDIS_URL the counters are shared by every API process (DESIGN §5).
 */
export async function registerRateLimiting(app: FastifyInstance, redis: Redis | undefined): Promise<void> {
  // While Redis is unreachable a check fails fast (redis/redis-connection.ts) and is skipped
  // (skipOnError) rather than refusing every sign-in; readiness reports the outage meanwhile.
  await app.register(rateLimit, { global: false, redis, skipOnError: true, nameSpace: "tavolo-rate-limit:" });
}

type Hook = (request: FastifyRequest) => Promise<void>;

function limiter(app: FastifyInstance, rule: RateLimitRule, key: (request: FastifyRequest) => string | null): Hook {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowSeconds * 1000,
    keyGenerator: (r) => key(r) ?? "",
  });
  return async (request) => {
    if (key(request) === null) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(Math.max(1, result.ttlInSeconds));
  };
}

function accountOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | null | undefined;
  return typeof body?.email === "string" && body.email ? body.email.trim().toLowerCase() : null;
}

/**
 * Hooks limiting one route family (`scope`): per client address from the first byte (onRequest, so
 * malformed requests count too), and per e-mail address in the validated body (preHandler).
 */
export function authRateLimit(
  app: FastifyInstance,
  scope: string,
  rules: { perIp: RateLimitRule; perAccount: RateLimitRule },
): { onRequest: Hook; preHandler: Hook } {
  return {
    onRequest: limiter(app, rules.perIp, (request) => `${scope}:ip:${request.ip}`),
    preHandler: limiter(app, rules.perAccount, (request) => {
      const account = accountOf(request);
      return account ? `${scope}:account:${account}` : null;
    }),
  };
}
