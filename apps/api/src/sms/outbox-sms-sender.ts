import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { escapeHtml } from "@tavolo/shared/html";
import { insertMail, markMailsSent } from "../mail/outbox.repository";
import type { SmsSender } from "./sms-sender";

/**
 * The embedded default (DESIGN §6): a text message is kept in the same outbox as the mail, addressed
 * to the phone number, so /dev/mailbox and GET /api/dev/outbox show it to whoever runs the server.
 */
export function createOutboxSmsSender(db: Kysely<DB>, log: FastifyBaseLogger): SmsSender {
  return {
    kind: "outbox",
    async send(message) {
      const { id } = await insertMail(
        db,
        {
          to: { address: message.to, userId: message.userId },
          subject: `SMS · ${message.text.split("\n")[0] ?? ""}`.slice(0, 200),
          text: message.text,
          html: `<pre style="font:inherit;white-space:pre-wrap">${escapeHtml(message.text)}</pre>`,
          language: message.language,
          template: message.template,
        },
        null,
      );
      await markMailsSent(db, [id], false);
      log.info(
        { to: { address: message.to, userId: message.userId }, template: message.template },
        "text message kept in the outbox (see /dev/mailbox)",
      );
    },
  };
}
