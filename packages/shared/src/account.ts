import { z } from "zod";
import { authUserSchema, phoneNumberSchema, userIdSchema } from "./auth";
import { CODE_LENGTH, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_SETTINGS_PASSWORD_LENGTH } from "./constants";
import { EMAIL_PATTERN, newPasswordSchema, passwordChecks, PASSWORD_RULES } from "./validation";

/** Requests of the settings screen (SPEC §2 /settings, §5, DESIGN §1): phone, e-mail, password, notifications. */

/** The spec sends userId in these bodies; the token names the caller, so it is optional and must match. */
const callerUserId = userIdSchema.optional();

/** The phone modal's own message (SPEC §5): 'Inserisci un codice valido di 6 cifre.' */
export const phoneCodeSchema = z
  .string({ error: "validation.phoneCodeInvalid" })
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), "validation.phoneCodeInvalid");

export const verifyPhoneStartRequestSchema = z.object({ userId: callerUserId, phoneNumber: phoneNumberSchema });
export const verifyPhoneConfirmRequestSchema = z.object({ userId: callerUserId, otp: phoneCodeSchema });

/** SPEC §5: an empty or malformed new address is 'Inserisci un indirizzo email valido'. */
const NEW_EMAIL_INVALID = "validation.newEmailInvalid";
export const newEmailSchema = z
  .string({ error: NEW_EMAIL_INVALID })
  .trim()
  .min(1, NEW_EMAIL_INVALID)
  .max(MAX_EMAIL_LENGTH, NEW_EMAIL_INVALID)
  .regex(EMAIL_PATTERN, NEW_EMAIL_INVALID);
export const requestEmailChangeRequestSchema = z.object({ newEmail: newEmailSchema });

/** Settings password change: at least 8 characters and the five rules (SPEC §5, §9). */
export const settingsNewPasswordSchema = newPasswordSchema.refine(
  (value) => value.length >= MIN_SETTINGS_PASSWORD_LENGTH,
  "validation.settingsPasswordLength",
);

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: "validation.currentPasswordRequired" })
      .min(1, "validation.currentPasswordRequired")
      .max(MAX_PASSWORD_LENGTH, "validation.passwordTooLong"),
    newPassword: settingsNewPasswordSchema,
  })
  .refine((data) => data.currentPassword !== data.newPassword, {
    message: "validation.passwordUnchanged",
    path: ["newPassword"],
  });

/** The settings form: the request plus the confirmation, which never leaves the browser. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, "validation.currentPasswordRequired"),
    newPassword: z
      .string()
      .min(1, "validation.passwordRequired")
      .refine((value) => value.length >= MIN_SETTINGS_PASSWORD_LENGTH, "validation.settingsPasswordLength")
      .refine(
        (value) => PASSWORD_RULES.every((rule) => passwordChecks(value, MIN_SETTINGS_PASSWORD_LENGTH)[rule]),
        "validation.passwordRules",
      ),
    confirmPassword: z.string().min(1, "validation.confirmPasswordRequired"),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: "validation.passwordsMismatch",
    path: ["confirmPassword"],
  })
  .refine((data) => !data.newPassword || data.currentPassword !== data.newPassword, {
    message: "validation.passwordUnchanged",
    path: ["newPassword"],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/**
 * Notification preferences (SPEC §3, persisted per DESIGN §1). A user without a stored row has the
 * defaults: notifications on, from every restaurant, every day of the week.
 */
export const notificationSettingsSchema = z.object({
  enabled: z.boolean({ error: "validation.invalidInput" }),
  favoriteRestaurants: z.boolean({ error: "validation.invalidInput" }),
  weekendsOnly: z.boolean({ error: "validation.invalidInput" }),
  // Which kinds are pushed to the diner's browsers (decision 045); absent from an older client: on.
  pushHolds: z.boolean({ error: "validation.invalidInput" }).default(true),
  pushReminders: z.boolean({ error: "validation.invalidInput" }).default(true),
  pushBookings: z.boolean({ error: "validation.invalidInput" }).default(true),
  pushAlerts: z.boolean({ error: "validation.invalidInput" }).default(true),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  enabled: true,
  favoriteRestaurants: false,
  weekendsOnly: false,
  pushHolds: true,
  pushReminders: true,
  pushBookings: true,
  pushAlerts: true,
};

/** GET /client/notification-settings */
export const notificationSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: notificationSettingsSchema,
});
export type NotificationSettingsResponse = z.output<typeof notificationSettingsResponseSchema>;

/** PUT /client/notification-settings: what was saved, with a message. */
export const saveNotificationSettingsResponseSchema = /* @__PURE__ */ notificationSettingsResponseSchema.extend({
  message: z.string(),
});

/** POST /client/verify-phone/start (a number already verified on this account needs no code). */
export const verifyPhoneStartResponseSchema = z.object({
  success: z.literal(true),
  alreadyVerified: z.boolean(),
  phoneNumber: z.string(),
  message: z.string(),
});
export type VerifyPhoneStartResponse = z.output<typeof verifyPhoneStartResponseSchema>;

/** POST /client/verify-phone/confirm: the user with the number now verified. */
export const verifyPhoneConfirmResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: authUserSchema,
});
export type VerifyPhoneConfirmResponse = z.output<typeof verifyPhoneConfirmResponseSchema>;
