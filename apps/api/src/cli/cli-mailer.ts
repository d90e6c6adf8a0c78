import type { FastifyBaseLogger } from "fastify";
import { loadConfig } from "../config";
import { createMailer, type Mailer } from "../mail/mailer";
import { createOutboxTransport } from "../mail/outbox-transport";
import { createSmtpTransport } from "../mail/smtp-transport";
import type { Database } from "../db/database";
import { createPushSender, type PushSender } from "../modules/push/push-sender";

/** Mail from a command-line tool goes the way the server's would: SMTP when configured, else the outbox. */
export function createCliMailer(database: Database): {
  mailer: Mailer;
  /** Pushes (offer alerts) the tool sends itself; what it cannot, the API processes' workers retry (decision 045). */
  push: PushSender;
  appOrigin: string;
  unsubscribeSecret: string;
} {
  const config = loadConfig();
  const write = (stream: NodeJS.WriteStream) => (object: unknown, message?: string) =>
    stream.write(`${message ?? (typeof object === "string" ? object : "")}\n`);
  const quiet = () => {};
  // The tools print one line per message sent; the outbox keeps the full text for /dev/mailbox.
  const log = {
    level: "info",
    fatal: write(process.stderr),
    error: write(process.stderr),
    warn: write(process.stderr),
    info: (object: { to?: string; subject?: string }) =>
      process.stdout.write(`  mail to ${object.to}: ${object.subject}\n`),
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  const mailer = createMailer({
    db: database.db,
    transport: config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.appOrigin, config.dkim)
      : createOutboxTransport(log),
    from: config.mailFrom,
    log,
  });
  const push = createPushSender({ db: database.db, config: config.push, log });
  return { mailer, push, appOrigin: config.appOrigin, unsubscribeSecret: config.jwtSecret };
}
