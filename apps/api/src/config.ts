import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TrustProxy } from "./http/trust-proxy";
import { DEFAULT_MAIL_RETRY, type MailRetryPolicy } from "./mail/mailer";
import type { DkimSettings } from "./mail/smtp-transport";
import { DEFAULT_PUSH_RETRY, resolveVapidKeys, type PushConfig } from "./modules/push/push-config";
import { isInMemoryDataDir } from "./data-dir";
import { envSchema, type Env } from "./config-env";

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface AppConfig {
  port: number;
  host: string;
  appOrigin: string;
  dataDir: string;
  /** Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** A read replica for the public catalogue reads only (decision 015); undefined = the primary. */
  databaseReadUrl: string | undefined;
  databasePoolSize: number;
  /** Named prepared statements (decision 068); off behind a pooler in transaction mode. */
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  /** Set: mail goes out by SMTP; unset: the outbox transport (development, staging). */
  smtpUrl: string | undefined;
  /** The outbox pages (/dev/mailbox, /api/dev/outbox) answer every client, not only loopback ones (decision 017). */
  devMailboxPublic: boolean;
  mailFrom: string;
  /** Signs outgoing mail (decision 044); undefined = unsigned. */
  dkim: DkimSettings | undefined;
  /** GET /metrics answers loopback clients, and others presenting `Bearer <metricsToken>` (decision 043). */
  metricsToken: string | undefined;
  /** Retries of undelivered mail from the outbox (decision 014). */
  mailRetry: MailRetryPolicy;
  jwtSecret: string;
  google: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Built web app to serve; undefined = API only. */
  webDistDir: string | undefined;
  seedRestaurants: number;
  /** Lifetime of cached public catalogue answers; 0 turns the cache off. */
  publicCacheTtlSeconds: number;
  /**
   * Longest life of a server-rendered page (decision 030): it is cleared by the same invalidations
   * as the answers it is made of and ends sooner when its content changes with the clock. Off with
   * the catalogue cache (publicCacheTtlSeconds 0).
   */
  publicPageTtlSeconds: number;
  /** Requests served at once before the excess is shed with 503 + Retry-After; 0 = no limit. */
  maxInFlightRequests: number;
  /** Server renders of public pages (cache misses) at once; 8 times as many wait, then 503; 0 = no limit. */
  maxConcurrentRenders: number;
  logLevel: Env["LOG_LEVEL"];
  /** Which proxies may name the client (decision 036): none, the nearest n hops, or these addresses. */
  trustProxy: TrustProxy;
  /** Sign-in, registration, code and reset routes (decision 017). */
  authRateLimit: AuthRateLimits;
  /** Holds of freed tables for waiting diners (decision 029). */
  waitlist: { holdMinutes: number; pollMs: number };
  push: PushConfig;
  /**
   * Reminders (decision 046): sent `leadMinutes` before a booking; one booked later gets it at once
   * while its start is more than `minNoticeMinutes` away.
   */
  reminders: { leadMinutes: number; minNoticeMinutes: number; pollMs: number };
}

/** Requests per client address; failed attempts per address, per (account, address) and per account. */
export interface AuthRateLimits {
  perIp: RateLimitRule;
  failuresPerIp: RateLimitRule;
  failuresPerAccountAndIp: RateLimitRule;
  failuresPerAccount: RateLimitRule;
  /** Wait before a failed attempt is answered. */
  failureDelayMs: number;
}

/** A refused configuration: server.ts prints the message alone (one line per problem), no stack. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const FAILURE_WINDOW_SECONDS = 15 * 60;

const defaultWebDist = path.resolve(import.meta.dirname, "../../web/dist");

/**
 * Parses the environment once. With a real database (DATABASE_URL) a JWT_SECRET is mandatory;
 * the embedded setup generates one into DATA_DIR so `npm start` needs no configuration.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_READ_URL: a read replica needs DATABASE_URL (its primary)",
    );
  }
  checkMailTransport(e);
  const dataDir = isInMemoryDataDir(e.DATA_DIR) ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  const google =
    e.GOOGLE_ISSUER && e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
      : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    appOrigin: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    // The embedded default keeps its mailbox open to every client, as `npm start` always had it.
    devMailboxPublic: e.DEV_MAILBOX_PUBLIC ?? !e.DATABASE_URL,
    mailFrom: e.MAIL_FROM,
    metricsToken: e.METRICS_TOKEN,
    dkim: dkimSettings(e),
    mailRetry: {
      ...DEFAULT_MAIL_RETRY,
      firstDelayMs: e.MAIL_RETRY_DELAY_SECONDS * 1000,
      maxAttempts: e.MAIL_RETRY_MAX_ATTEMPTS,
      pollMs: e.MAIL_RETRY_POLL_SECONDS * 1000,
    },
    jwtSecret: e.JWT_SECRET ?? embeddedJwtSecret(dataDir, e.DATABASE_URL),
    google,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : existsSync(defaultWebDist) ? defaultWebDist : undefined,
    seedRestaurants: e.SEED_RESTAURANTS,
    publicCacheTtlSeconds: e.PUBLIC_CACHE_TTL_SECONDS,
    publicPageTtlSeconds: e.PUBLIC_CACHE_TTL_SECONDS > 0 ? e.PUBLIC_PAGE_TTL_SECONDS : 0,
    maxInFlightRequests: e.MAX_IN_FLIGHT_REQUESTS,
    maxConcurrentRenders: e.MAX_CONCURRENT_RENDERS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: {
      perIp: { max: e.AUTH_RATE_LIMIT_PER_IP, windowSeconds: 60 },
      failuresPerIp: { max: e.AUTH_RATE_LIMIT_FAILURES_PER_IP, windowSeconds: FAILURE_WINDOW_SECONDS },
      failuresPerAccountAndIp: { max: e.AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP, windowSeconds: FAILURE_WINDOW_SECONDS },
      failuresPerAccount: { max: e.AUTH_RATE_LIMIT_PER_ACCOUNT, windowSeconds: FAILURE_WINDOW_SECONDS },
      failureDelayMs: e.AUTH_RATE_LIMIT_FAILURE_DELAY_MS,
    },
    waitlist: { holdMinutes: e.WAITLIST_HOLD_MINUTES, pollMs: e.WAITLIST_POLL_SECONDS * 1000 },
    push: pushConfig(e, dataDir),
    reminders: {
      leadMinutes: e.REMINDER_LEAD_MINUTES,
      minNoticeMinutes: e.REMINDER_MIN_NOTICE_MINUTES ?? e.REMINDER_LEAD_MINUTES,
      pollMs: e.REMINDER_POLL_SECONDS * 1000,
    },
  };
}

function pushConfig(e: Env, dataDir: string): PushConfig {
  const contact = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  const vapid = resolveVapidKeys({
    publicKey: e.VAPID_PUBLIC_KEY,
    privateKey: e.VAPID_PRIVATE_KEY,
    subject: e.VAPID_SUBJECT ?? `mailto:${contact}`,
    dataDir,
    databaseUrl: e.DATABASE_URL,
  });
  if (typeof vapid === "string") throw new ConfigError(`Invalid configuration: ${vapid}.`);
  const extraOrigins = e.PUSH_EXTRA_ORIGINS.split(",")
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      const parsed = URL.parse(origin);
      if (parsed?.protocol !== "https:") {
        throw new ConfigError(`Invalid configuration: PUSH_EXTRA_ORIGINS takes https origins only (${origin}).`);
      }
      return parsed.origin;
    });
  return {
    vapid,
    extraOrigins,
    retry: {
      ...DEFAULT_PUSH_RETRY,
      firstDelayMs: e.PUSH_RETRY_DELAY_SECONDS * 1000,
      pollMs: e.PUSH_POLL_SECONDS * 1000,
    },
  };
}

/**
 * The outbox is the embedded default's transport. With a real database (a production start) mail
 * must really leave: no SMTP_URL is refused unless MAIL_TRANSPORT=outbox says so (staging); a
 * contradictory pair is refused too (decision 017). One line each: it is all an operator reads.
 */
function checkMailTransport(e: Env): void {
  if (e.MAIL_TRANSPORT === "smtp" && !e.SMTP_URL) {
    throw new ConfigError("Invalid configuration: MAIL_TRANSPORT=smtp needs SMTP_URL (smtp://user:password@host:587).");
  }
  if (e.MAIL_TRANSPORT === "outbox" && e.SMTP_URL) {
    throw new ConfigError(
      "Invalid configuration: MAIL_TRANSPORT=outbox and SMTP_URL contradict each other; unset one.",
    );
  }
  if (e.DATABASE_URL && !e.SMTP_URL && e.MAIL_TRANSPORT !== "outbox") {
    throw new ConfigError(
      "Invalid configuration: SMTP_URL is required when DATABASE_URL is set (or MAIL_TRANSPORT=outbox to keep mail in the outbox, for staging).",
    );
  }
}

function embeddedJwtSecret(dataDir: string, databaseUrl: string | undefined): string {
  if (databaseUrl) {
    throw new ConfigError(
      "Invalid configuration: JWT_SECRET is required when DATABASE_URL is set (a production start).",
    );
  }
  if (isInMemoryDataDir(dataDir)) return randomBytes(48).toString("base64url");
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * DKIM_DOMAIN, DKIM_SELECTOR and the key (inline, or a file for secret mounts) go together
 * (decision 044): a half-set signature would be mail that fails DKIM everywhere, so it stops the start.
 */
function dkimSettings(e: Env): DkimSettings | undefined {
  const set = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY ?? e.DKIM_PRIVATE_KEY_FILE];
  if (set.every((value) => value === undefined)) return undefined;
  if (e.DKIM_PRIVATE_KEY && e.DKIM_PRIVATE_KEY_FILE) {
    throw new ConfigError("Invalid configuration: set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both.");
  }
  if (set.some((value) => value === undefined)) {
    throw new ConfigError(
      "Invalid configuration: DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE).",
    );
  }
  const privateKey = e.DKIM_PRIVATE_KEY_FILE
    ? readFileSync(e.DKIM_PRIVATE_KEY_FILE, "utf8")
    : e.DKIM_PRIVATE_KEY!.replace(/\\n/g, "\n");
  if (!privateKey.includes("PRIVATE KEY-----")) {
    throw new ConfigError("Invalid configuration: the DKIM private key must be a PEM private key.");
  }
  return { domainName: e.DKIM_DOMAIN!, keySelector: e.DKIM_SELECTOR!, privateKey };
}
