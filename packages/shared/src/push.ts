import { z } from "zod";

/**
 * Web Push (decision 045): what a browser hands over to subscribe (its `PushSubscription.toJSON()`),
 * and what the service worker receives and shows. One shape for the API, the app and the worker.
 */
const base64url = (min: number, max: number) =>
  z
    .string({ error: "validation.invalidInput" })
    .min(min, "validation.invalidInput")
    .max(max, "validation.invalidInput")
    .regex(/^[A-Za-z0-9_-]+=*$/, "validation.invalidInput");

const endpointSchema = z
  .string({ error: "validation.invalidInput" })
  .max(2048, "validation.invalidInput")
  .pipe(z.url({ error: "validation.invalidInput" }));

/** POST /client/push/subscriptions: the browser's subscription as `toJSON()` gives it. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number({ error: "validation.invalidInput" }).nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url (RFC 8291 §3).
    p256dh: base64url(86, 90),
    auth: base64url(22, 26),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /client/push/subscriptions */
export const deletePushSubscriptionBodySchema = z.object({ endpoint: endpointSchema });

/** GET /client/push/public-key: the VAPID public key (RFC 8292), base64url, for `applicationServerKey`. */
export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string() });
export type PushPublicKeyResponse = z.output<typeof pushPublicKeyResponseSchema>;

export const pushSubscriptionResponseSchema = z.object({ success: z.literal(true) });

export const PUSH_KINDS = ["hold", "reminder", "booking", "alert"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** A button of a notification: its label, and the page (same origin) it opens. */
export interface PushAction {
  action: string;
  title: string;
  url: string;
}

/** What the service worker receives, decrypted, and shows as a notification. */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** Same-origin path opened by a tap on the notification itself. */
  url: string;
  /** One notification per subject: a newer push about it replaces the older one. */
  tag: string;
  lang: "it" | "en";
  actions: PushAction[];
}
