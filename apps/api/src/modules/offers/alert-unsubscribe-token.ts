import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { LANGUAGES } from "@tavolo/shared/languages";

/** What an alert mail's unsubscribe link turns off: the diner's city alerts that sent it. */
export interface AlertUnsubscribe {
  userId: string;
  cityIds: number[];
  language: (typeof LANGUAGES)[number];
}

const payloadSchema = z.object({
  u: z.uuid(),
  c: z.array(z.number().int().positive()).min(1).max(100),
  l: z.enum(LANGUAGES),
});

/** Its own key, derived from JWT_SECRET: a token of one kind can never pass for another. */
const mac = (secret: string, payload: string) =>
  createHmac("sha256", `alert-unsubscribe:${secret}`).update(payload).digest("base64url");

/**
 * A signed token for the List-Unsubscribe link (decision 044): it names the account and the alerts,
 * so one POST turns them off with no sign-in, and nobody can forge one for someone else's alerts.
 * It does not expire: a link in a mail of last year still unsubscribes, as mail providers expect.
 */
export function signAlertUnsubscribe(value: AlertUnsubscribe, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ u: value.userId, c: value.cityIds, l: value.language })).toString(
    "base64url",
  );
  return `${payload}.${mac(secret, payload)}`;
}

/** The token's content, or undefined for anything not signed by this deployment. */
export function verifyAlertUnsubscribe(token: string, secret: string): AlertUnsubscribe | undefined {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? { userId: parsed.data.u, cityIds: parsed.data.c, language: parsed.data.l } : undefined;
  } catch {
    return undefined;
  }
}
