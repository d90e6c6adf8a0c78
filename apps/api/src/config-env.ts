import { z } from "zod";
import { REMINDER_LEAD_MINUTES } from "@tavolo/shared/constants";
import { parseTrustProxy } from "./http/trust-proxy";
import { DEFAULT_MAIL_RETRY } from "./mail/mailer";
import { DEFAULT_PUSH_RETRY } from "./modules/push/push-config";

/**
 * The environment Tavolo reads, and its defaults: parsed only by loadConfig (config.ts), the one
 * place that reads process.env (DESIGN §7).
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_ORIGIN: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED_STATEMENTS: z.stringbool().default(true),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_TRANSPORT: z.enum(["smtp", "outbox"]).optional(),
  DEV_MAILBOX_PUBLIC: z.stringbool().optional(),
  MAIL_FROM: z.string().default("Tavolo <no-reply@tavolo.local>"),
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().optional(),
  DKIM_PRIVATE_KEY: z.string().optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  GOOGLE_ISSUER: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  SEED_RESTAURANTS: z.coerce.number().int().min(0).max(500_000).default(2_400),
  PUBLIC_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  PUBLIC_PAGE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(0).default(256),
  MAX_CONCURRENT_RENDERS: z.coerce.number().int().min(0).default(4),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseTrustProxy(raw);
      if ("value" in parsed) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_FAILURE_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  // Fractions allowed: the fault tests retry within a second.
  MAIL_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .positive()
    .default(DEFAULT_MAIL_RETRY.firstDelayMs / 1000),
  MAIL_RETRY_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(DEFAULT_MAIL_RETRY.maxAttempts),
  MAIL_RETRY_POLL_SECONDS: z.coerce
    .number()
    .positive()
    .default(DEFAULT_MAIL_RETRY.pollMs / 1000),
  // The waitlist (decision 029): how long a freed table is held for the first in line, and how
  // often each process releases due holds (within 30 s of their time: at most 30). Fractions for tests.
  WAITLIST_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  WAITLIST_POLL_SECONDS: z.coerce.number().positive().max(30).default(5),
  // Web Push (decision 045). Fractions for tests.
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, "VAPID_SUBJECT must start with mailto: or https:")
    .optional(),
  PUSH_EXTRA_ORIGINS: z.string().default(""),
  PUSH_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .positive()
    .default(DEFAULT_PUSH_RETRY.firstDelayMs / 1000),
  PUSH_POLL_SECONDS: z.coerce
    .number()
    .positive()
    .max(60)
    .default(DEFAULT_PUSH_RETRY.pollMs / 1000),
  // Reminders (decision 046).
  REMINDER_LEAD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(REMINDER_LEAD_MINUTES.max)
    .default(REMINDER_LEAD_MINUTES.default),
  REMINDER_MIN_NOTICE_MINUTES: z.coerce.number().int().min(0).max(REMINDER_LEAD_MINUTES.max).optional(),
  REMINDER_POLL_SECONDS: z.coerce.number().positive().max(300).default(30),
});

export type Env = z.output<typeof envSchema>;
