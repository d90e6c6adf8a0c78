import { z } from "zod";
import { LANGUAGES } from "./languages";

/** Answers of the operator's endpoints: probes and the development outbox (README "Scaling out"). */

/** GET /api/health: the process answers. */
export const healthResponseSchema = z.object({ status: z.literal("ok") });

const dependencyState = z.enum(["ok", "unreachable"]);
/** GET /api/ready (200): the database engine, and the optional dependencies that are configured. */
export const readyResponseSchema = z.object({
  status: z.literal("ready"),
  database: z.enum(["pglite", "postgres"]),
  replica: dependencyState.optional(),
  redis: dependencyState.optional(),
});

/** One stored mail or text message of the development outbox, as GET /api/dev/outbox lists it. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  language: z.enum(LANGUAGES),
  template: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
});
export type OutboxMessage = z.output<typeof outboxMessageSchema>;

/** GET /api/dev/outbox */
export const devOutboxResponseSchema = z.object({ success: z.literal(true), messages: z.array(outboxMessageSchema) });
export type DevOutboxResponse = z.output<typeof devOutboxResponseSchema>;
