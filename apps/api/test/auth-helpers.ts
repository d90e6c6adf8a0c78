import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { AuthSessionResponse, RegisterResponse } from "@tavolo/shared/auth";

/** Requests and mailbox reading as a client and a user would do them, for the account tests. */

export const STRONG_PASSWORD = "Tavolo#2025";

export function uniqueEmail(label = "user"): string {
  return `${label}.${randomBytes(4).toString("hex")}@example.it`;
}

export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: "POST", url, payload: payload as object, headers });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A valid registration body (a new address each time), with `overrides` on top. */
export const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: STRONG_PASSWORD,
  firstName: "Giulia",
  lastName: "Bianchi",
  termsAccepted: true,
  newsletterSubscribed: false,
  language: "it",
  ...overrides,
});

export async function register(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<RegisterResponse & { password: string }> {
  const payload = registration(overrides);
  const res = await post(app, "/api/client/register", payload);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as RegisterResponse), password: String(payload.password) };
}

export async function login(app: FastifyInstance, email: string, password = STRONG_PASSWORD) {
  const res = await post(app, "/api/client/login", { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as AuthSessionResponse;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  template: string;
}

/** The newest mail to an address, read from the development outbox like a person reads /dev/mailbox. */
export async function latestMail(app: FastifyInstance, to: string, template?: string): Promise<OutboxMessage> {
  const res = await app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const messages = (res.json() as { messages: OutboxMessage[] }).messages;
  const found = messages.find((message) => template === undefined || message.template === template);
  if (!found) throw new Error(`no ${template ?? ""} mail to ${to}`);
  return found;
}

export type MailWithFiles = OutboxMessage & { attachments: { filename: string; content: string }[] };

/** Every mail of one template to an address, newest first, from the development outbox. */
export async function mailsTo(app: FastifyInstance, to: string, template: string): Promise<MailWithFiles[]> {
  const res = await app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return (res.json() as { messages: MailWithFiles[] }).messages.filter((mail) => mail.template === template);
}

/** The unfolded lines of a mail's calendar event (its first attachment). */
export const icsLines = (mail: MailWithFiles) => mail.attachments[0]!.content.replace(/\r\n /g, "").split("\r\n");

export function codeIn(mail: OutboxMessage): string {
  const match = /^(\d{6})$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in: ${mail.text}`);
  return match[1];
}

/** The first link of a mail that starts with `prefix` (an absolute address under APP_ORIGIN). */
export function linkIn(mail: OutboxMessage, prefix: string): URL {
  const url = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.startsWith(prefix));
  if (!url) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return new URL(url);
}
