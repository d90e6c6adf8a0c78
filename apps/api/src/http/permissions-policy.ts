import type { FastifyInstance } from "fastify";

/**
 * Powerful browser features the app may use: geolocation, for offers near the diner, on our own
 * origin only. Every other one is listed off, for the page and any frame it might embed (decision
 * 019). Only names Chromium recognizes: an unknown one is a console warning on every page.
 */
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "clipboard-read",
  "clipboard-write",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "gamepad",
  "gyroscope",
  "hid",
  "identity-credentials-get",
  "idle-detection",
  "local-fonts",
  "magnetometer",
  "microphone",
  "midi",
  "otp-credentials",
  "payment",
  "picture-in-picture",
  "publickey-credentials-create",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "storage-access",
  "usb",
  "window-management",
  "xr-spatial-tracking",
] as const;

export const PERMISSIONS_POLICY = ["geolocation=(self)", ...DENIED_FEATURES.map((feature) => `${feature}=()`)].join(
  ", ",
);

/**
 * On every answer: onSend also runs for the router's own refusals and the app's files, which
 * skip the onRequest hooks helmet uses (helmet has no Permissions-Policy of its own).
 */
export function registerPermissionsPolicy(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("permissions-policy", PERMISSIONS_POLICY);
    return payload;
  });
}
