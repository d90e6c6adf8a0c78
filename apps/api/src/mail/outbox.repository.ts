import { sql, type Kysely } from "kysely";
import type { Language } from "@tavolo/shared/languages";
import type { DB } from "../db/schema";
import type { MailAttachment } from "./mail-transport";

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: Language;
  template: string;
  attachments?: MailAttachment[];
}

export async function insertMail(db: Kysely<DB>, mail: StoredMail): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      language: mail.language,
      template: mail.template,
      attachments: JSON.stringify(mail.attachments ?? []),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Records a delivery. `forgetBody` drops the text (and attachments) once a real mail server has it:
 * the bodies hold live links and codes, which the database otherwise keeps only hashed.
 */
export async function markMailSent(db: Kysely<DB>, id: number, forgetBody: boolean): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      sent_at: sql<Date>`now()`,
      attempts: eb("attempts", "+", 1),
      last_error: null,
      ...(forgetBody ? { text_body: "", html_body: "", attachments: "[]" } : {}),
    }))
    .where("id", "=", id)
    .execute();
}

export async function markMailFailed(db: Kysely<DB>, id: number, error: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: error.slice(0, 1000) }))
    .where("id", "=", id)
    .execute();
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
    ])
    .$if(options.to !== undefined, (query) =>
      query.where(sql<boolean>`lower(to_address) = ${(options.to ?? "").toLowerCase()}`),
    )
    .orderBy("id", "desc")
    .limit(options.limit)
    .execute();
}
export type OutboxRow = Awaited<ReturnType<typeof listMail>>[number];
