import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import rateLimit from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import type { AuthRateLimits, RateLimitRule } from "../config";
import { tooManyRequests } from "../errors";

/** Counters kept in memory without Redis: enough that a flood of new keys cannot evict a live one soon. */
const LOCAL_COUNTERS = 100_000;

/**
 * @fastify/rate-limit as a counter only (no global limit): our hooks decide the key and answer with
 * our JSON error body. With REDIS_URL the counters are shared by every API process (DESIGN §5).
 */
export async function registerRateLimiting(app: FastifyInstance, redis: Redis | undefined): Promise<void> {
  // While Redis is unreachable a check fails fast (redis/redis-connection.ts) and is skipped
  // (skipOnError) rather than refusing every sign-in; readiness reports the outage meanwhile.
  await app.register(rateLimit, {
    global: false,
    redis,
    skipOnError: true,
    nameSpace: "tavolo-rate-limit:",
    cache: LOCAL_COUNTERS,
  });
}

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type OnSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

/**
 * What a route counts against the failure limits: failed attempts (a wrong password, code or token),
 * or every attempt, for routes that send a mail or a text whatever the answer (decision 017).
 */
export type Counted = "failures" | "attempts";

interface AuthLimiters {
  perIp: Limiter;
  failuresPerIp: Limiter;
  failuresPerAccountAndIp: Limiter;
  failuresPerAccount: Limiter;
}

/**
 * One set per application: each createRateLimit call gets its own in-memory store, so every route
 * of a family (and every family, the keys carry the scope) must share these to count together.
 */
const limitersOfApp = new WeakMap<FastifyInstance["createRateLimit"], AuthLimiters>();

function authLimiters(app: FastifyInstance, rules: AuthRateLimits): AuthLimiters {
  const known = limitersOfApp.get(app.createRateLimit);
  if (known) return known;
  const limiter = (rule: RateLimitRule) =>
    app.createRateLimit({ max: rule.max, timeWindow: rule.windowSeconds * 1000, keyGenerator: keyOf });
  const created = {
    perIp: limiter(rules.perIp),
    failuresPerIp: limiter(rules.failuresPerIp),
    failuresPerAccountAndIp: limiter(rules.failuresPerAccountAndIp),
    failuresPerAccount: limiter(rules.failuresPerAccount),
  };
  limitersOfApp.set(app.createRateLimit, created);
  return created;
}

/** Each check sees the request through a view carrying its counter key (one request, several keys). */
const COUNTER_KEY = Symbol("rate-limit counter key");
const keyOf = (request: FastifyRequest) => (request as FastifyRequest & { [COUNTER_KEY]: string })[COUNTER_KEY];

function count(limiter: Limiter, request: FastifyRequest, key: string, increment: boolean) {
  const keyed = Object.create(request, { [COUNTER_KEY]: { value: key } }) as FastifyRequest;
  return limiter(keyed, { increment });
}

/** The account an attempt is about: the e-mail address in the body, else the signed-in caller. */
function accountOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | null | undefined;
  if (typeof body?.email === "string" && body.email) return body.email.trim().toLowerCase();
  return request.userId ? `user:${request.userId}` : null;
}

type CounterKind = "ip" | "account-ip" | "account";

/** The failure counters a request's attempt counts against: its address, and with an e-mail its account. */
function failureCounters(limiters: AuthLimiters, scope: string, request: FastifyRequest) {
  const account = accountOf(request);
  const counters: [Limiter, string, CounterKind][] = [
    [limiters.failuresPerIp, `${scope}:failures:ip:${request.ip}`, "ip"],
  ];
  if (account) {
    counters.push([
      limiters.failuresPerAccountAndIp,
      `${scope}:failures:account-ip:${account}|${request.ip}`,
      "account-ip",
    ]);
    counters.push([limiters.failuresPerAccount, `${scope}:failures:account:${account}`, "account"]);
  }
  return counters;
}

/** Attempts let past the account ceiling on the condition of a mailed code (decision 036). */
const steppedUp = new WeakSet<FastifyRequest>();
/** Answers that are no failed guess (a code was asked for): not counted, not delayed. */
const notFailures = new WeakSet<FastifyRequest>();

/** The account's failure ceiling is reached: this sign-in needs the mailed code as well. */
export const needsStepUp = (request: FastifyRequest): boolean => steppedUp.has(request);

/** The answer about to be sent is a request for more proof, not a failed attempt. */
export const notAFailure = (request: FastifyRequest): void => void notFailures.add(request);

export interface AuthRateLimitOptions {
  counted?: Counted;
  /**
   * Past the per-account ceiling alone, let the attempt through marked (needsStepUp) instead of
   * refusing it: no stranger can lock a diner out (decision 036). Only for a route that then asks
   * for a mailed code.
   */
  stepUp?: boolean;
  /**
   * A request these failure limits must not refuse, checked only once they would (a refresh with a
   * live refresh token: a device that signed in is not locked out by strangers' failures).
   */
  admit?: (request: FastifyRequest) => Promise<boolean>;
}

/** Requests whose attempt went past the checks (the handler ran), to be counted once answered. */
const attempted = new WeakSet<FastifyRequest>();

/**
 * Hooks limiting one route family (`scope`), decision 017:
 * - onRequest: every request per client address and minute, from the first byte (malformed too);
 * - preHandler: refuses while the address, the (account, address) pair or the account has failed
 *   too often; the counters are only read here, so a refused request counts nothing more;
 * - onSend: counts the attempt when it failed (or every attempt, `counted: "attempts"`), then holds
 *   a failure's answer for `failureDelayMs`.
 * A right password from an address that has not been failing therefore still signs in; past the
 * account ceiling (reached only by many addresses together) a route with `stepUp` asks for a mailed
 * code as well instead of refusing, so no stranger can lock a diner out (decision 036).
 */
export function authRateLimit(
  app: FastifyInstance,
  scope: string,
  rules: AuthRateLimits,
  options: AuthRateLimitOptions = {},
): { onRequest: Hook; preHandler: Hook; onSend: OnSend } {
  const { counted = "failures", stepUp = false, admit } = options;
  const limiters = authLimiters(app, rules);
  return {
    async onRequest(request) {
      const result = await count(limiters.perIp, request, `${scope}:ip:${request.ip}`, true);
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests(Math.max(1, result.ttlInSeconds));
    },
    async preHandler(request) {
      const counters = failureCounters(limiters, scope, request);
      const results = await Promise.all(counters.map(([limiter, key]) => count(limiter, request, key, false)));
      const full = results.map((result, index) => ({ result, kind: counters[index]![2] }));
      const exhausted = full
        .filter(({ result }) => !result.isAllowed && result.remaining === 0)
        .map(({ result }) => result);
      const onlyAccount = full.every(
        ({ result, kind }) => kind === "account" || result.isAllowed || result.remaining > 0,
      );
      if (exhausted.length > 0 && stepUp && onlyAccount) {
        steppedUp.add(request);
      } else if (exhausted.length > 0 && !(admit && (await admit(request)))) {
        // The refusal waits like a failure would: hammering a throttled account costs the same time.
        await sleep(rules.failureDelayMs);
        throw tooManyRequests(Math.max(1, ...exhausted.map((result) => (result.isAllowed ? 0 : result.ttlInSeconds))));
      }
      attempted.add(request);
    },
    async onSend(request, reply, payload) {
      if (!attempted.has(request)) return payload;
      attempted.delete(request);
      if (notFailures.has(request)) return payload;
      const failed = reply.statusCode >= 400;
      if (!failed && counted === "failures") return payload;
      await Promise.all(
        failureCounters(limiters, scope, request).map(([limiter, key]) => count(limiter, request, key, true)),
      );
      if (failed) await sleep(rules.failureDelayMs);
      return payload;
    },
  };
}
