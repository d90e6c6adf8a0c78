import type { MailAttachment } from "../db/schema-columns";

/** A message ready to leave: rendered, addressed, in the recipient's language. */
export interface OutgoingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  /** Extra header fields (List-Unsubscribe; decision 044). */
  headers?: Record<string, string>;
  /** The same on every attempt at one stored message ("<uuid@domain>"). */
  messageId: string;
}

/**
 * Thrown by a transport when the mail server refused this message for good (an SMTP 5xx for the
 * recipient, such as "550 user unknown"): the outbox marks it failed at once instead of retrying.
 * Anything else a transport throws is taken as temporary (decision 019).
 */
export class PermanentDeliveryFailure extends Error {
  /** The server's answer, as it gave it ("550 5.1.1 <x@example.it>: user unknown"). */
  readonly serverAnswer: string;
  constructor(serverAnswer: string, options?: { cause?: unknown }) {
    super(`refused for good: ${serverAnswer}`, options);
    this.name = "PermanentDeliveryFailure";
    this.serverAnswer = serverAnswer;
  }
}

/** Where mail goes: the database outbox (development, default) or a real SMTP server (DESIGN §6). */
export interface MailTransport {
  readonly kind: "outbox" | "smtp";
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}
