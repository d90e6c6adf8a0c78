import type { Language } from "@tavolo/shared/languages";

/** A text message ready to leave, already in the recipient's language. */
export interface SmsMessage {
  /** International number, e.g. "+393331234567" (the only form users.phone_number holds). */
  to: string;
  /** The account it is for: the export and the deletion find it by this (decision 034). */
  userId: string | null;
  language: Language;
  text: string;
  /** Names the kind of message in the outbox and the logs ("sms-phone-code"). */
  template: string;
}

/**
 * Where text messages go (DESIGN §6). The embedded default is the outbox (outbox-sms-sender.ts):
 * messages are stored with the mail and shown at /dev/mailbox.
 *
 * A real gateway is one more implementation of this interface, chosen in app.ts from config (as
 * SMTP_URL chooses the mail transport). For example, for an HTTP gateway such as Twilio or
 * Amazon SNS:
 *
 *   export function createHttpSmsSender(config: { url: string; token: string; from: string }): SmsSender {
 *     return {
 *       kind: "gateway",
 *       async send(message) {
 *         const response = await fetch(config.url, {
 *           method: "POST",
 *           headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
 *           body: JSON.stringify({ from: config.from, to: message.to, body: message.text }),
 *           signal: AbortSignal.timeout(10_000),
 *         });
 *         if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
 *       },
 *     };
 *   }
 *
 * `send` must throw when the message was not accepted: the caller then answers 503
 * ('Errore nell'invio dell'SMS') and voids the code, so the user can ask again at once.
 */
export interface SmsSender {
  readonly kind: "outbox" | "gateway";
  send(message: SmsMessage): Promise<void>;
}
