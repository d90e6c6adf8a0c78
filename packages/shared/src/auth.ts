import { z } from "zod";
import { NAME_MAX_LENGTH } from "./constants";
import { sameOriginPath } from "./app-paths";
import { LANGUAGES, matchLanguage } from "./languages";
import {
  currentPasswordSchema,
  emailCodeSchema,
  emailField,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  newPasswordSchema,
} from "./validation";

/** Request bodies and answers of the account API (SPEC §7 "Account and session", "Verification and recovery"). */

export const AUTH_PROVIDERS = ["password", "google"] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

/** The user as every account endpoint returns it (SPEC §3); never the hash or the Google subject. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  emailVerified: z.boolean(),
  language: z.enum(LANGUAGES),
  termsAccepted: z.boolean(),
  newsletterSubscribed: z.boolean(),
  authProvider: z.enum(AUTH_PROVIDERS),
});
export type AuthUser = z.output<typeof authUserSchema>;

/** login, login-with-token, Google code and ID token sign-in. */
export const authSessionResponseSchema = z.object({
  success: z.literal(true),
  /** The access token; `accessToken` carries the same value for the refresh reader. */
  token: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  user: authUserSchema,
});
export type AuthSessionResponse = z.output<typeof authSessionResponseSchema>;

/** POST /client/register (201) */
export const registerResponseSchema = /* @__PURE__ */ authSessionResponseSchema.extend({ userId: z.string() });
export type RegisterResponse = z.output<typeof registerResponseSchema>;

/** POST /client/refresh-token: a new pair (the refresh token rotates). */
export const refreshTokenResponseSchema = z.object({
  success: z.literal(true),
  accessToken: z.string(),
  token: z.string(),
  refreshToken: z.string(),
});
export type RefreshTokenResponse = z.output<typeof refreshTokenResponseSchema>;

/** POST /client/verify-email-otp and /client/verify-email */
export const loginTokenResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** One-time token for POST /client/login-with-token (10 minutes, single use). */
  loginToken: z.string(),
});
export type LoginTokenResponse = z.output<typeof loginTokenResponseSchema>;

/** GET /client/getUserProfile (all spellings), POST /client/createUserProfile, PUT /client/updateProfile/:id */
export const profileResponseSchema = z.object({ success: z.literal(true), profile: authUserSchema });
export type ProfileResponse = z.output<typeof profileResponseSchema>;

/** GET /client/user-profile: the caller, from the token alone. */
export const userProfileResponseSchema = z.object({ success: z.literal(true), user: authUserSchema });
export type UserProfileResponse = z.output<typeof userProfileResponseSchema>;

/** GET /auth/google/status */
export const googleStatusResponseSchema = z.object({ success: z.literal(true), configured: z.boolean() });
export type GoogleStatusResponse = z.output<typeof googleStatusResponseSchema>;

/** Anything but a known language is ignored rather than refused: clients add it to every body. */
const lenientLanguage = z.preprocess(
  (value) => (typeof value === "string" ? (matchLanguage(value) ?? undefined) : undefined),
  z.enum(LANGUAGES).optional(),
);

/** International format with the country prefix; spaces, dots, dashes and brackets are dropped. */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
export const phoneNumberSchema = z
  .string({ error: "validation.phoneInvalid" })
  .max(32, "validation.phoneInvalid")
  .transform((value) => value.replace(/[\s.\-()]/g, ""))
  .pipe(z.string().regex(PHONE_PATTERN, "validation.phoneInvalid"));
/** Optional phone: an empty field means "none". */
const optionalPhone = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  phoneNumberSchema.optional(),
);

const opaqueToken = (requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(512, requiredKey);

/** A return target from the client: kept when it is a same-origin path, dropped (never an error) otherwise. */
export const returnPathSchema = z
  .string({ error: "validation.invalidInput" })
  .max(2048, "validation.invalidInput")
  .optional()
  .transform((value) => sameOriginPath(value));

/** POST /client/register: both variants of SPEC §7 (with or without language and marketing consent). */
export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phoneNumber: optionalPhone,
  termsAccepted: z.literal(true, { error: "validation.termsRequired" }),
  // Consent is never assumed: absent means no newsletter.
  newsletterSubscribed: z.boolean({ error: "validation.invalidInput" }).default(false),
  language: lenientLanguage,
  /** The page to come back to once verified (decision 038): a path on this site, else nothing. */
  next: returnPathSchema,
});
export type RegisterRequest = z.output<typeof registerRequestSchema>;

/**
 * POST /client/login. `code`: the six digits mailed when the account has seen too many failed
 * sign-ins from all addresses (401 login_code_required, decision 036).
 */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  code: emailCodeSchema.optional(),
});

export const refreshTokenRequestSchema = z.object({ refreshToken: opaqueToken("validation.refreshTokenRequired") });

/** POST /client/logout: the refresh token is optional (the bearer token also names the session). */
export const logoutRequestSchema = z
  .object({ refreshToken: z.string().max(512, "validation.invalidInput").optional() })
  .nullish();

/** POST /client/login-with-token: only the one-time token from e-mail verification (DESIGN §1). */
export const loginWithTokenRequestSchema = z.object({
  email: emailField("validation.authDataIncomplete"),
  token: opaqueToken("validation.authDataIncomplete"),
});

const codeScreenEmail = emailField("validation.emailNotSpecified");

export const verifyEmailOtpRequestSchema = z.object({ email: codeScreenEmail, otp: emailCodeSchema });
export const resendEmailRequestSchema = z.object({ email: codeScreenEmail });
/** POST /client/verify-email: `actionCode` is the e-mail link's token (or its six-digit code). */
export const verifyEmailRequestSchema = z.object({
  email: codeScreenEmail,
  actionCode: opaqueToken("validation.tokenMissing"),
});

export const requestPasswordResetRequestSchema = z.object({ email: emailSchema });
export const resetPasswordRequestSchema = z.object({
  token: opaqueToken("apiErrors.resetLinkInvalid"),
  newPassword: newPasswordSchema,
});

export const userIdSchema = z.uuid({ error: "validation.userIdInvalid" });
export const userIdParamsSchema = z.object({ id: userIdSchema });
/** GET /client/getUserProfile?userId= (the settings screen adds a cache-busting parameter, ignored). */
export const userIdQuerySchema = z.object({
  userId: z.string({ error: "validation.userIdRequired" }).min(1, "validation.userIdRequired").pipe(userIdSchema),
});

/** POST /client/createUserProfile: the profile fields of a signed-in user; the e-mail is not changed here. */
export const createUserProfileRequestSchema = z.object({
  userId: userIdSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema.optional(),
  phoneNumber: optionalPhone,
});

/** PUT /client/updateProfile/:id: any subset of the editable fields. */
export const updateProfileRequestSchema = z.object({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  displayName: z
    .string({ error: "validation.invalidInput" })
    .trim()
    .max(NAME_MAX_LENGTH, "validation.nameTooLong")
    .optional(),
  // null or "" clears the number.
  phoneNumber: z.preprocess((value) => (value === "" ? null : value), phoneNumberSchema.nullable().optional()),
  email: emailSchema.optional(),
  language: lenientLanguage,
  newsletterSubscribed: z.boolean({ error: "validation.invalidInput" }).optional(),
});
export type UpdateProfileRequest = z.output<typeof updateProfileRequestSchema>;

/** Query flags of GET /auth/google/redirect; anything but "true" or "1" is false. */
const queryFlag = z
  .string()
  .max(10)
  .optional()
  .transform((value) => value === "true" || value === "1");
export const googleRedirectQuerySchema = z.object({
  registration: queryFlag,
  terms_accepted: queryFlag,
  marketing: queryFlag,
});

export const googleCodeRequestSchema = z.object({ code: opaqueToken("validation.authDataIncomplete") });

/** POST /client/auth/google: an ID token from the native Google plugin. */
export const googleIdTokenRequestSchema = z.object({
  idToken: z
    .string({ error: "validation.authDataIncomplete" })
    .min(1, "validation.authDataIncomplete")
    .max(8192, "validation.authDataIncomplete"),
  registration: z.boolean().default(false),
  termsAccepted: z.boolean().default(false),
  newsletterSubscribed: z.boolean().default(false),
});
