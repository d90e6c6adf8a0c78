/** A file sent with a mail (the .ics of a booking); text, so the outbox can keep it as it keeps bodies. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** A message ready to leave: rendered, addressed, in the recipient's language. */
export interface OutgoingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  /** The same on every attempt at one stored message ("<uuid@domain>"). */
  messageId: string;
}

/** Where mail goes: the database outbox (development, default) or a real SMTP server (DESIGN §6). */
export interface MailTransport {
  readonly kind: "outbox" | "smtp";
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}
