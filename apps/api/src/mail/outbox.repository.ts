import { sql, type Kysely, type QueryCreator } from "kysely";
import type { Language } from "@tavolo/shared/languages";
import type { DB } from "../db/schema";
import type { MailAttachment } from "../db/schema-columns";

/**
 * Whom a message is for: the address it goes to and the account it was written for (null for mail to
 * someone without an account). The export and the deletion find a person's mail by the account,
 * never by the address, which can pass to someone else (decision 034).
 */
export interface MailRecipient {
  address: string;
  userId: string | null;
}

export interface StoredMail {
  to: MailRecipient;
  subject: string;
  text: string;
  html: string;
  language: Language;
  template: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
  /** The recipient of someone without an account any more: see `forgottenRecipient`. */
  forgetRecipientWhenSent?: boolean;
}

/**
 * What stands for the address of a mail to a deleted account once it has left (decision 021): a
 * hash, so the outbox never holds the address again, yet whoever types it (an operator asked "did
 * the confirmation go out?", the development mailbox) still finds the mail.
 */
const recipientHash = (address: ReturnType<typeof sql>) =>
  sql<string>`'sha256:' || encode(sha256(convert_to(lower(${address}), 'UTF8')), 'hex')`;
const forgottenRecipient = sql<string>`CASE WHEN forget_recipient_when_sent AND to_address NOT LIKE 'sha256:%'
  THEN ${recipientHash(sql.ref("to_address"))} ELSE to_address END`;

/**
 * Stores a message. `leaseMs`: the storing process delivers it at once and owns it that long; should
 * it die first, the message falls due for any process's retry worker. null: never delivered from
 * here (a text message kept for /dev/mailbox only).
 */
export async function insertMail(db: Kysely<DB>, mail: StoredMail, leaseMs: number | null): Promise<StoredMailRow> {
  return mailInsert(db, outboxValues(mail), leaseMs).executeTakeFirstOrThrow();
}

/** A message as its outbox row holds it, lists as JSON text: plain values, ready to be parameters. */
export const OUTBOX_VALUE_COLUMNS = [
  "to_address",
  "user_id",
  "subject",
  "text_body",
  "html_body",
  "language",
  "template",
  "attachments",
  "headers",
  "forget_recipient_when_sent",
] as const;
/** Each column's type, for values selected rather than inserted as VALUES (which take the column's). */
const OUTBOX_VALUE_TYPES: Record<(typeof OUTBOX_VALUE_COLUMNS)[number], string> = {
  to_address: "text",
  user_id: "uuid",
  subject: "text",
  text_body: "text",
  html_body: "text",
  language: "text",
  template: "text",
  attachments: "jsonb",
  headers: "jsonb",
  forget_recipient_when_sent: "boolean",
};
export type OutboxValues = {
  [column in (typeof OUTBOX_VALUE_COLUMNS)[number]]: column extends "forget_recipient_when_sent"
    ? boolean
    : column extends "user_id"
      ? string | null
      : column extends "language"
        ? Language
        : string;
};

export const outboxValues = (mail: StoredMail): OutboxValues => ({
  to_address: mail.to.address,
  user_id: mail.to.userId,
  subject: mail.subject,
  text_body: mail.text,
  html_body: mail.html,
  language: mail.language,
  template: mail.template,
  attachments: JSON.stringify(mail.attachments ?? []),
  headers: JSON.stringify(mail.headers ?? {}),
  forget_recipient_when_sent: mail.forgetRecipientWhenSent ?? false,
});

/**
 * The INSERT of `insertMail` as a builder, for a statement that stores the message together with the
 * write it reports (a booking in one statement, decision 074): the caller's CTE, the same row.
 */
export function mailInsert(query: QueryCreator<DB>, values: OutboxValues, leaseMs: number | null) {
  return query
    .insertInto("mail_outbox")
    .values({
      ...values,
      next_attempt_at: leaseMs === null ? null : sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .returning(STORED_MAIL_COLUMNS);
}

/**
 * The same INSERT, stored once for each row of `source`, a CTE of the caller's statement: a message
 * that exists only if the write it reports happened (seats taken, decision 074).
 */
export function mailInsertFor(query: QueryCreator<DB>, source: string, values: OutboxValues, leaseMs: number) {
  const selected = OUTBOX_VALUE_COLUMNS.map((column) => sql`${values[column]}::${sql.raw(OUTBOX_VALUE_TYPES[column])}`);
  return query
    .insertInto("mail_outbox")
    .columns([...OUTBOX_VALUE_COLUMNS, "next_attempt_at"])
    .expression(
      sql`SELECT ${sql.join(selected)}, now() + ${leaseMs} * interval '1 millisecond' FROM ${sql.table(source)}`,
    )
    .returning(STORED_MAIL_COLUMNS);
}

/** What a delivery attempt needs of a stored message. */
const STORED_MAIL_COLUMNS = [
  "id",
  "to_address",
  "subject",
  "text_body",
  "html_body",
  "attachments",
  "headers",
  "template",
  "message_id",
] as const;
export interface StoredMailRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: MailAttachment[];
  headers: Record<string, string>;
  template: string;
  message_id: string;
}

/**
 * Takes up to `limit` due messages for this process: their next_attempt_at moves `leaseMs` ahead in
 * the same statement, and rows another process is taking at that moment are skipped (SKIP LOCKED),
 * so each message has one owner at a time however many processes poll.
 */
export async function claimDueMail(db: Kysely<DB>, limit: number, leaseMs: number): Promise<StoredMailRow[]> {
  const result = await sql<StoredMailRow>`
    UPDATE mail_outbox SET next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING ${sql.join(STORED_MAIL_COLUMNS.map((column) => sql.ref(column)))}`.execute(db);
  return result.rows;
}

/**
 * Records deliveries, many at once: under load one commit covers a whole batch of them. `forgetBody`
 * drops the text (and attachments) once a real mail server has it: the bodies hold live links and
 * codes, which the database otherwise keeps only hashed.
 */
export async function markMailsSent(db: Kysely<DB>, ids: readonly number[], forgetBody: boolean): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      sent_at: sql<Date>`now()`,
      attempts: eb("attempts", "+", 1),
      last_error: null,
      next_attempt_at: null,
      to_address: forgottenRecipient,
      ...(forgetBody ? { text_body: "", html_body: "", attachments: "[]" } : {}),
    }))
    .where("id", "=", sql<number>`ANY(${sql.val([...ids])}::bigint[])`)
    .execute();
}

export interface RetrySchedule {
  /** Wait after the first failed attempt; doubles after each further one, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Attempts in all; after the last one the message is given up (failed_at). */
  maxAttempts: number;
}

/**
 * Records a failed attempt: the next one falls due after the backoff, or the message is given up,
 * at once when `permanent` (the server refused it for good, decision 019) or after the last attempt.
 */
export async function markMailFailed(
  db: Kysely<DB>,
  id: number,
  error: string,
  schedule: RetrySchedule,
  permanent = false,
): Promise<{ attempts: number; givenUp: boolean }> {
  const result = await sql<{ attempts: number; given_up: boolean }>`
    UPDATE mail_outbox SET
      attempts = attempts + 1,
      to_address = CASE WHEN attempts + 1 >= ${schedule.maxAttempts} THEN ${forgottenRecipient} ELSE to_address END,
      last_error = ${error.slice(0, 1000)},
      failed_at = CASE WHEN ${permanent}::boolean OR attempts + 1 >= ${schedule.maxAttempts} THEN now() END,
      next_attempt_at = CASE WHEN NOT ${permanent}::boolean AND attempts + 1 < ${schedule.maxAttempts}
        THEN now() + least(${schedule.firstDelayMs}::float8 * 2 ^ attempts, ${schedule.maxDelayMs}::float8)
                     * interval '1 millisecond' END
    WHERE id = ${id} AND sent_at IS NULL
    RETURNING attempts, failed_at IS NOT NULL AS given_up`.execute(db);
  const row = result.rows[0];
  return { attempts: row?.attempts ?? 0, givenUp: row?.given_up ?? false };
}

/** Newest first, optionally only the mail sent to one address (any case). */
export function listMail(db: Kysely<DB>, options: { to?: string | undefined; limit: number }) {
  return db
    .selectFrom("mail_outbox")
    .select([
      "id",
      "to_address",
      "subject",
      "text_body",
      "html_body",
      "language",
      "template",
      "created_at",
      "sent_at",
      "attempts",
      "last_error",
      "attachments",
      "next_attempt_at",
      "failed_at",
    ])
    .$if(options.to !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          sql<boolean>`lower(to_address) = ${(options.to ?? "").toLowerCase()}`,
          eb("to_address", "=", recipientHash(sql`${options.to ?? ""}::text`)),
        ]),
      ),
    )
    .orderBy("id", "desc")
    .limit(options.limit)
    .execute();
}
export type OutboxRow = Awaited<ReturnType<typeof listMail>>[number];
