import { z } from "zod";
import {
  CODE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  NAME_MAX_LENGTH,
  STRENGTH_MEDIUM_FROM,
  STRENGTH_STRONG_FROM,
} from "./constants";

/** SPEC §5: text, an at sign, text, a dot, text. Deliberately loose; the server sends the real proof (a code). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_RULES = ["minLength", "uppercase", "lowercase", "digit", "special"] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];
export type PasswordChecks = Record<PasswordRule, boolean>;
export type PasswordStrength = "weak" | "medium" | "strong";

/** Which of the five registration/reset rules (SPEC §5) the password meets. */
export function passwordChecks(password: string, minLength: number = MIN_PASSWORD_LENGTH): PasswordChecks {
  return {
    minLength: password.length >= minLength,
    uppercase: /\p{Lu}/u.test(password),
    lowercase: /\p{Ll}/u.test(password),
    digit: /\d/.test(password),
    special: /[^\p{L}\p{N}]/u.test(password),
  };
}

/** Share of the five rules met, 0..1. */
export function passwordScore(password: string, minLength?: number): number {
  const checks = passwordChecks(password, minLength);
  return PASSWORD_RULES.filter((rule) => checks[rule]).length / PASSWORD_RULES.length;
}

/** Under 40% weak, under 80% medium, otherwise strong (SPEC §5). */
export function passwordStrength(password: string, minLength?: number): PasswordStrength {
  const score = passwordScore(password, minLength);
  if (score < STRENGTH_MEDIUM_FROM) return "weak";
  if (score < STRENGTH_STRONG_FROM) return "medium";
  return "strong";
}

export function missingPasswordRules(password: string, minLength?: number): PasswordRule[] {
  const checks = passwordChecks(password, minLength);
  return PASSWORD_RULES.filter((rule) => !checks[rule]);
}

/**
 * An e-mail address of SPEC §5. `requiredKey` names the message for a missing address: the reset
 * modal says 'Email richiesta', the code screens 'Email non specificata'.
 */
export const emailField = (requiredKey = "validation.emailRequired") =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .max(MAX_EMAIL_LENGTH, "validation.emailInvalid")
    .regex(EMAIL_PATTERN, "validation.emailInvalid");

export const emailSchema = emailField();

/** A password that meets all five rules (and a length cap, so hashing stays cheap). */
export const newPasswordSchema = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .max(MAX_PASSWORD_LENGTH, "validation.passwordTooLong")
  .refine((value) => PASSWORD_RULES.every((rule) => passwordChecks(value)[rule]), "validation.passwordRules");

/** A password typed to sign in: only presence and the cap are checked, never the rules. */
export const currentPasswordSchema = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .max(MAX_PASSWORD_LENGTH, "validation.passwordTooLong");

export const loginSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

const requiredName = (key: string) =>
  z.string({ error: key }).trim().min(1, key).max(NAME_MAX_LENGTH, "validation.nameTooLong");
export const firstNameSchema = requiredName("validation.firstNameRequired");
export const lastNameSchema = requiredName("validation.lastNameRequired");

export const registerSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, "validation.confirmPasswordRequired"),
    termsAccepted: z.boolean().refine((value) => value, "validation.termsRequired"),
    newsletterSubscribed: z.boolean(),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: "validation.passwordsMismatch",
    path: ["confirmPassword"],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const resetPasswordSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, "validation.confirmPasswordRequired"),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: "validation.passwordsMismatch",
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Forgot-password modal: an empty address is 'Email richiesta' (SPEC §5). */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const emailCodeSchema = z
  .string({ error: "validation.codeIncomplete" })
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), "validation.codeIncomplete");
