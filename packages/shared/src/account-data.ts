import { z } from "zod";
import { authUserSchema } from "./auth";
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from "./constants";
import { notificationSettingsSchema } from "./account";
import { RESERVATION_STATUSES } from "./reservations";
import { emailCodeSchema } from "./validation";

/**
 * A diner's own data (GDPR articles 15, 17 and 20; App Store guideline 5.1.1(v)): the export of
 * everything Tavolo holds about them, and the deletion of their account (decision 021).
 */

/** The route names clients rely on, under /api/client. */
export const ACCOUNT_EXPORT_PATH = "/account/export";
export const ACCOUNT_DELETE_PATH = "/account";
/** POST: mails the six-digit code that confirms the deletion of an account without a password. */
export const ACCOUNT_DELETION_CODE_PATH = "/account/deletion-code";
/** How fresh a provider sign-in must be to stand for the person (decision 036). */
export const DELETION_SIGN_IN_MAX_AGE_SECONDS = 10 * 60;

/**
 * The confirmation of a deletion: the password of a password account. An account without one
 * (Google) proves the person is there now (decision 036): the code mailed by ACCOUNT_DELETION_CODE_PATH,
 * or a Google ID token from a sign-in of the last ten minutes; `confirmEmail`, if sent, must match.
 * Which one is needed is decided by the account.
 */
export const deleteAccountRequestSchema = z
  .object({
    password: z
      .string({ error: "validation.passwordRequired" })
      .min(1, "validation.passwordRequired")
      .max(MAX_PASSWORD_LENGTH, "validation.passwordTooLong")
      .optional(),
    confirmEmail: z
      .string({ error: "validation.deleteConfirmEmailRequired" })
      .trim()
      .min(1, "validation.deleteConfirmEmailRequired")
      .max(MAX_EMAIL_LENGTH, "validation.deleteConfirmEmailRequired")
      .optional(),
    code: emailCodeSchema.optional(),
    idToken: z
      .string({ error: "validation.invalidInput" })
      .min(1, "validation.invalidInput")
      .max(8192, "validation.invalidInput")
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "validation.deleteConfirmationRequired",
  });
export type DeleteAccountRequest = z.output<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type DeleteAccountResponse = z.output<typeof deleteAccountResponseSchema>;

const instant = z.string().describe("ISO 8601 instant");

/** A booking as the export lists it: where, when, for how many, and what became of it. */
const exportedBookingSchema = z.object({
  id: z.string(),
  restaurantId: z.string(),
  restaurantName: z.string(),
  city: z.string(),
  /** The restaurant's wall-clock date (YYYY-MM-DD) and time (HH:MM). */
  date: z.string(),
  time: z.string(),
  numberOfPeople: z.number(),
  status: z.enum(RESERVATION_STATUSES),
  specialRequests: z.string(),
  tableNumber: z.number().nullable(),
  lastMinuteId: z.string().nullable(),
  createdAt: instant,
  cancelledAt: instant.nullable(),
});

export const accountExportSchema = z.object({
  exportedAt: instant,
  /** Every field of the user of SPEC §3, and when the account was made. */
  profile: /* @__PURE__ */ authUserSchema.extend({ createdAt: instant }),
  signInMethods: z.object({ password: z.boolean(), google: z.boolean() }),
  reservations: z.array(exportedBookingSchema),
  offerBookings: z.array(exportedBookingSchema),
  favorites: z.array(
    z.object({ restaurantId: z.string(), restaurantName: z.string(), city: z.string(), savedAt: instant }),
  ),
  notificationSettings: notificationSettingsSchema,
  cityAlerts: z.array(
    z.object({ city: z.string(), citySlug: z.string(), includeNearbyCities: z.boolean(), radiusKm: z.number() }),
  ),
  /** Every waitlist entry (decision 029): what was waited for and how it ended. */
  waitlist: z.array(
    z.object({
      restaurantName: z.string(),
      lastMinuteId: z.string().nullable(),
      date: z.string(),
      timeFrom: z.string(),
      timeTo: z.string(),
      people: z.number(),
      status: z.string(),
      joinedAt: instant,
    }),
  ),
  /**
   * Browsers receiving the diner's push notifications (decision 045): the push service each one
   * uses and when it subscribed; the endpoint's path is a secret of the browser and stays out.
   */
  pushSubscriptions: z.array(z.object({ pushService: z.string(), subscribedAt: instant })),
  /** Open sessions (signed-in devices); no token, only when they began and were last refreshed. */
  sessions: z.array(z.object({ createdAt: instant, lastUsedAt: instant, current: z.boolean() })),
  /** The e-mails sent to the account's address in the last EXPORT_MAIL_HISTORY_DAYS days. */
  emails: z.array(z.object({ subject: z.string(), sentAt: instant })),
});
export type AccountExport = z.output<typeof accountExportSchema>;

/** The download's file name: tavolo-YYYY-MM-DD.json (the day of the export, UTC). */
export const accountExportFileName = (at: Date) => `tavolo-${at.toISOString().slice(0, 10)}.json`;
