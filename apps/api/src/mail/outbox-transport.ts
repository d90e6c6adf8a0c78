import type { FastifyBaseLogger } from "fastify";
import type { MailTransport } from "./mail-transport";

/**
 * The embedded default: the message is already stored in mail_outbox (see mailer.ts), so
 * "delivering" is printing it to the log for whoever runs the server; /dev/mailbox shows it too.
 */
export function createOutboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: "outbox",
    async deliver(mail) {
      log.info({ to: mail.to, subject: mail.subject }, `mail kept in the outbox (see /dev/mailbox):\n${mail.text}`);
    },
    close() {},
  };
}
