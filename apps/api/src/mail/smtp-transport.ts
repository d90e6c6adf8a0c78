import nodemailer from "nodemailer";
import type { MailTransport } from "./mail-transport";

/** Real delivery through the SMTP server of SMTP_URL (smtp://user:pass@host:port or smtps://…). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async deliver(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
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
