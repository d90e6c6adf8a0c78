import { isIP } from "node:net";
import nodemailer from "nodemailer";
import { PermanentDeliveryFailure, type MailTransport } from "./mail-transport";

/**
 * Bounds on one attempt (nodemailer waits minutes by default): their sum stays well under the
 * outbox lease (mailer.ts, 2 min), so a slow attempt is over before another process may take the mail.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The name Tavolo gives in its SMTP greeting (EHLO): the host of APP_ORIGIN. Without it nodemailer
 * sends the machine's name, or "[127.0.0.1]" when that has no dot, which receiving servers score as
 * spam (decision 019). An origin that is itself an address gets the address-literal form RFC 5321
 * §4.1.3 requires.
 */
export function smtpGreetingName(appOrigin: string): string {
  const host = new URL(appOrigin).hostname;
  if (host.startsWith("[")) return `[IPv6:${host.slice(1, -1)}]`;
  return isIP(host) === 4 ? `[${host}]` : host;
}

/**
 * The commands whose 5xx refuses this message or its recipient for good (550 user unknown, 552
 * too big, 554 rejected): another attempt would get the same answer. A 5xx anywhere else (the
 * sender, authentication) is our configuration, which the operator can still fix, so it is
 * retried like a 4xx. 503 is a command out of sequence: a protocol hiccup, not a verdict.
 */
const MESSAGE_COMMANDS = new Set(["RCPT TO", "DATA"]);

interface SmtpError {
  responseCode?: number;
  command?: string;
  response?: string;
}
function permanentRefusal(error: unknown): string | undefined {
  const { responseCode, command, response } = (error ?? {}) as SmtpError;
  const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600 && responseCode !== 503;
  return permanent && command !== undefined && MESSAGE_COMMANDS.has(command)
    ? (response ?? String(responseCode))
    : undefined;
}

/**
 * The header fields the DKIM signature covers: nodemailer's list (RFC 6376 §5.4.1) plus
 * List-Unsubscribe-Post, which RFC 8058 §4 requires signed for one-click unsubscribe (decision 044).
 */
const SIGNED_HEADERS = [
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding",
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID",
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post",
  "List-Owner:List-Archive",
].join(":");

/** DKIM_DOMAIN, DKIM_SELECTOR and the PEM key: nodemailer signs every message with them (decision 044). */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** Real delivery through the SMTP server of SMTP_URL (smtp://user:pass@host:port or smtps://…). */
export function createSmtpTransport(smtpUrl: string, appOrigin: string, dkim?: DkimSettings): MailTransport {
  // Settings in the URL (?socketTimeout=…, ?name=…) win over these defaults.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    name: smtpGreetingName(appOrigin),
    ...TIMEOUTS,
    ...(dkim ? { dkim: { ...dkim, headerFieldNames: SIGNED_HEADERS } } : {}),
  });
  return {
    kind: "smtp",
    async deliver(mail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          messageId: mail.messageId,
          headers: mail.headers,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((file) => ({
            filename: file.filename,
            content: file.content,
            contentType: file.contentType,
          })),
        });
      } catch (error) {
        const answer = permanentRefusal(error);
        throw answer === undefined ? error : new PermanentDeliveryFailure(answer, { cause: error });
      }
    },
    close() {
      transporter.close();
    },
  };
}
