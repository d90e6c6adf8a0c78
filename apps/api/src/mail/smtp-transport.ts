import nodemailer from "nodemailer";
import type { MailTransport } from "./mail-transport";

/**
 * Bounds on one attempt (nodemailer waits minutes by default): their sum stays well under the
 * outbox lease (mailer.ts, 2 min), so a slow attempt is over before another process may take the mail.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Real delivery through the SMTP server of SMTP_URL (smtp://user:pass@host:port or smtps://…). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  // Settings in the URL (?socketTimeout=…) win over these defaults.
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  return {
    kind: "smtp",
    async deliver(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        messageId: mail.messageId,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map((file) => ({
          filename: file.filename,
          content: file.content,
          contentType: file.contentType,
        })),
      });
    },
    close() {
      transporter.close();
    },
  };
}
