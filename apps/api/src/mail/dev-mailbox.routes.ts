import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema";
import { phoneNumberSchema } from "@tavolo/shared/auth";
import { emailSchema } from "@tavolo/shared/validation";
import { notFound } from "../errors";
import { isLoopbackClient } from "../http/loopback-client";
import { errorResponses } from "@tavolo/shared/api-responses";
import { devOutboxResponseSchema } from "@tavolo/shared/operations";
import { listMail } from "./outbox.repository";
import { renderMailboxPage } from "./mailbox-page";

const LIMIT = 50;
const tags = ["development"];

/**
 * GET /dev/mailbox (page) and GET /api/dev/outbox (JSON). Registered only while the outbox transport
 * is active, i.e. never where real mail is sent (DESIGN §6). They hold reset links and codes: unless
 * `publicAccess` (the embedded default, or DEV_MAILBOX_PUBLIC) they answer loopback clients only,
 * and to anyone else as if they did not exist (decision 017).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; publicAccess: boolean }> = async (
  app,
  { db, publicAccess },
) => {
  if (!publicAccess) {
    app.addHook("onRequest", async (request) => {
      if (!isLoopbackClient(request)) throw notFound("not_found", "apiErrors.notFound");
    });
  }
  app.get(
    "/dev/mailbox",
    {
      schema: {
        tags,
        summary: "Stored mail as a web page, newest first",
        response: {
          200: { description: "The mailbox page", content: { "text/html": { schema: z.string() } } },
          // A client not on this machine while the mailbox is private (decision 017).
          ...errorResponses(404),
        },
      },
    },
    async (_request, reply) => {
      const rows = await listMail(db, { limit: LIMIT });
      return reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(renderMailboxPage(rows));
    },
  );

  app.get(
    "/api/dev/outbox",
    {
      schema: {
        tags,
        summary: "Stored mail and text messages as JSON, newest first, optionally for one address or number",
        querystring: z.object({ to: z.union([emailSchema, phoneNumberSchema]).optional() }),
        response: { 200: devOutboxResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const rows = await listMail(db, { to: request.query.to, limit: LIMIT });
      void reply.header("cache-control", "no-store");
      return {
        success: true as const,
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          language: row.language,
          template: row.template,
          createdAt: row.created_at.toISOString(),
          sentAt: row.sent_at?.toISOString() ?? null,
          attempts: row.attempts,
          lastError: row.last_error,
          nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
          failedAt: row.failed_at?.toISOString() ?? null,
          attachments: row.attachments,
        })),
      };
    },
  );
};
