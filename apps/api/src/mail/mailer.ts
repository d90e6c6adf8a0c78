import { inSpan } from "../telemetry/spans";
import { mailSends } from "../metrics/business-metrics";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Language } from "@tavolo/shared/languages";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { PermanentDeliveryFailure, type MailTransport } from "./mail-transport";
import type { RenderedMail } from "./templates/layout";
import {
  claimDueMail,
  mailInsert,
  markMailFailed,
  markMailsSent,
  outboxValues,
  type MailRecipient,
  type OutboxValues,
  type RetrySchedule,
  type StoredMailRow,
} from "./outbox.repository";

export interface MailRetryPolicy extends RetrySchedule {
  /** How often this process looks for due mail; 0: never (command-line tools leave it to the server). */
  pollMs: number;
  /**
   * How long a process owns a message it is delivering before another may take it: longer than one
   * SMTP attempt can last (see smtp-transport.ts), else a slow delivery could be sent twice.
   */
  leaseMs: number;
}

/** Production pacing: 1 min, 2, 4 … up to an hour between attempts, ten attempts (about 4 hours). */
export const DEFAULT_MAIL_RETRY: MailRetryPolicy = {
  firstDelayMs: 60_000,
  maxDelayMs: 3_600_000,
  maxAttempts: 10,
  pollMs: 10_000,
  leaseMs: 120_000,
};
/** Messages one poll takes at most; the poll goes on while it finds full batches. */
const BATCH = 20;

/** A message whose outbox row a caller's statement writes. */
export interface StagedMail {
  values: OutboxValues;
  leaseMs: number;
}

export interface Mailer {
  readonly transportKind: MailTransport["kind"];
  /** MAIL_FROM as address and name: the organizer of the calendar events mails carry. */
  readonly sender: { email: string; name: string };
  /**
   * Stores the message in the outbox, then delivers it in the background: a slow or failing mail
   * server never fails or delays the request that wrote the mail. A failed delivery is retried from
   * the outbox with backoff by every process's retry worker (decision 014), unless the server
   * refused it for good (decision 019).
   * Throws `email_send_failed` (503) only when the message could not even be stored.
   */
  send(to: MailRecipient, language: Language, mail: RenderedMail): Promise<void>;
  /**
   * Stores the message with `executor`, typically the transaction of the write it reports (both
   * commit together: one commit instead of two per booking), and returns what starts its delivery,
   * to call once that transaction has committed. A failure to store is thrown as it is.
   */
  stage(executor: Kysely<DB>, to: MailRecipient, language: Language, mail: RenderedMail): Promise<() => void>;
  /**
   * The same in two halves, for a write done as one statement (decision 074): the outbox row's
   * values with `stage`'s lease, for that statement's INSERT (`mailInsert`), and what starts
   * delivering the row it stored, to call once the statement has committed.
   */
  staged(to: MailRecipient, language: Language, mail: RenderedMail): StagedMail;
  deliverStaged(row: StoredMailRow): () => void;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops the retry worker and waits for deliveries under way; undelivered mail stays due. */
  close(): Promise<void>;
}

/** "Tavolo <no-reply@tavolo.it>" → { name: "Tavolo", email: "no-reply@tavolo.it" }; a bare address names itself. */
export function senderOf(from: string): { email: string; name: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1] || match[2]!, email: match[2]! } : { name: from.trim(), email: from.trim() };
}

/** Message-IDs share the sender's domain (RFC 5322 §3.6.4); the uuid is the outbox row's. */
const messageIdDomain = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "tavolo.local";

export function createMailer(options: {
  db: Kysely<DB>;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  retry?: MailRetryPolicy;
}): Mailer {
  const { db, transport, log } = options;
  const retry = options.retry ?? { ...DEFAULT_MAIL_RETRY, pollMs: 0 };
  const domain = messageIdDomain(options.from);
  const inFlight = new Set<Promise<void>>();
  let closed = false;
  const deliveredIds: number[] = [];
  let marking: Promise<void> | undefined;

  /**
   * Records a delivery. Deliveries finishing while a write is running join the next one, so a
   * burst of bookings costs a few commits here instead of one each (commits bound booking throughput).
   */
  function markSent(id: number): Promise<void> {
    deliveredIds.push(id);
    marking ??= (async () => {
      try {
        while (deliveredIds.length > 0) {
          const batch = deliveredIds.splice(0);
          await markMailsSent(db, batch, transport.kind === "smtp").catch((error: unknown) => {
            // Delivered but not recorded: sent again after the lease, with the same Message-ID.
            log.warn({ err: error, mailIds: batch }, "delivered mail not marked sent");
          });
        }
      } finally {
        // Cleared in the same step as the last emptiness check: no id can be left behind.
        marking = undefined;
      }
    })();
    return marking;
  }

  const track = (work: Promise<void>) => {
    const tracked = work.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  async function deliver(row: StoredMailRow): Promise<void> {
    try {
      await inSpan("mail.send", { "tavolo.mail.transport": transport.kind }, () =>
        transport.deliver({
          to: row.to_address,
          from: options.from,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          attachments: row.attachments,
          headers: row.headers,
          messageId: `<${row.message_id}@${domain}>`,
        }),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await markMailFailed(db, row.id, message, retry, error instanceof PermanentDeliveryFailure).catch(
        (markError: unknown) => {
          // The lease runs out and the message falls due again: nothing is lost.
          log.warn({ err: markError, mailId: row.id }, "could not record a failed delivery");
          return undefined;
        },
      );
      const about = { mailId: row.id, template: row.template, attempts: outcome?.attempts };
      const givenUp = error instanceof PermanentDeliveryFailure || outcome?.givenUp === true;
      mailSends.inc({ outcome: givenUp ? "failed" : "retry" });
      if (error instanceof PermanentDeliveryFailure) {
        log.error(
          { ...about, serverAnswer: error.serverAnswer },
          `mail refused for good by the mail server; no further attempts: ${error.serverAnswer}`,
        );
      } else if (outcome?.givenUp) {
        log.error({ ...about, err: error }, "mail delivery failed for good; no further attempts");
      } else {
        log.warn({ err: error, mailId: row.id, template: row.template }, "mail delivery failed; will retry");
      }
      return;
    }
    mailSends.inc({ outcome: "sent" });
    await markSent(row.id);
  }

  const staged = (to: MailRecipient, language: Language, mail: RenderedMail): StagedMail => ({
    values: outboxValues({ to, language, ...mail }),
    leaseMs: retry.leaseMs,
  });
  const deliverStaged = (row: StoredMailRow) => () => track(deliver(row));

  async function stage(executor: Kysely<DB>, to: MailRecipient, language: Language, mail: RenderedMail) {
    const { values, leaseMs } = staged(to, language, mail);
    return deliverStaged(await mailInsert(executor, values, leaseMs).executeTakeFirstOrThrow());
  }

  /** One pass of the retry worker: due messages, a batch at a time, each delivered once. */
  async function deliverDue(): Promise<void> {
    for (;;) {
      if (closed) return;
      const rows = await claimDueMail(db, BATCH, retry.leaseMs);
      for (const row of rows) await deliver(row);
      if (rows.length < BATCH) return;
    }
  }

  let polling: Promise<void> | undefined;
  const poll = () => {
    if (polling || closed) return;
    polling = deliverDue()
      .catch((error: unknown) => log.warn({ err: error }, "mail retry worker could not read the outbox"))
      .finally(() => (polling = undefined));
    track(polling);
  };
  // Unref'd: the worker never keeps a process alive; close() stops it.
  const timer = retry.pollMs > 0 ? setInterval(poll, retry.pollMs).unref() : undefined;

  const idle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };

  return {
    sender: senderOf(options.from),
    transportKind: transport.kind,
    async send(to, language, mail) {
      let startDelivery: () => void;
      try {
        startDelivery = await stage(db, to, language, mail);
      } catch (error) {
        log.error({ err: error, template: mail.template }, "could not store an outgoing mail");
        throw new AppError(503, "email_send_failed", "apiErrors.emailSendFailed");
      }
      startDelivery();
    },
    stage,
    staged,
    deliverStaged,
    idle,
    async close() {
      closed = true;
      clearInterval(timer);
      await idle();
      transport.close();
    },
  };
}
