import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Language } from "@tavolo/shared/languages";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import type { MailTransport } from "./mail-transport";
import type { RenderedMail } from "./templates/layout";
import { insertMail, markMailFailed, markMailSent } from "./outbox.repository";

export interface Mailer {
  readonly transportKind: MailTransport["kind"];
  /**
   * Stores the message in the outbox, then delivers it in the background: a slow or failing mail
   * server never fails or delays the request that wrote the mail; the failure stays in last_error.
   * Throws `email_send_failed` (503) only when the message could not even be stored.
   */
  send(to: string, language: Language, mail: RenderedMail): Promise<void>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(options: {
  db: Kysely<DB>;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { db, transport, log } = options;
  const inFlight = new Set<Promise<void>>();

  async function deliver(id: number, to: string, mail: RenderedMail): Promise<void> {
    try {
      await transport.deliver({
        to,
        from: options.from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments ?? [],
      });
      await markMailSent(db, id, transport.kind === "smtp");
    } catch (error) {
      log.warn({ err: error, mailId: id, template: mail.template }, "mail delivery failed; kept in the outbox");
      await markMailFailed(db, id, error instanceof Error ? error.message : String(error)).catch(() => {});
    }
  }

  const idle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };

  return {
    transportKind: transport.kind,
    async send(to, language, mail) {
      let id: number;
      try {
        id = await insertMail(db, { to, language, ...mail });
      } catch (error) {
        log.error({ err: error, template: mail.template }, "could not store an outgoing mail");
        throw new AppError(503, "email_send_failed", "apiErrors.emailSendFailed");
      }
      const delivery = deliver(id, to, mail).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    idle,
    async close() {
      await idle();
      transport.close();
    },
  };
}
