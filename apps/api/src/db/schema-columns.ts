import type { ColumnType } from "kysely";

/** Timestamp columns as Kysely sees them: read as Date, written as Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

/** A file sent with a mail (the .ics of a booking); text, so the outbox can keep it as it keeps bodies. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}
