import type { Kysely } from "kysely";
import type { z } from "zod";
import type {
  AuthSessionResponse,
  createUserProfileRequestSchema,
  RegisterRequest,
  RegisterResponse,
  UpdateProfileRequest,
} from "@tavolo/shared/auth";
import type { Language } from "@tavolo/shared/languages";
import { derivedDisplayName } from "@tavolo/shared/names";
import type { DB } from "../../db/schema";
import { AppError, badRequest, notFound, unauthorized } from "../../errors";
import { hashPassword, verifyPassword } from "./passwords";
import { hashToken } from "./secrets";
import type { MailedCodes } from "./mailed-codes";
import { loginCodeMail } from "../../mail/templates/step-up-mails";
import type { SessionService } from "./sessions.service";
import type { EmailVerificationService } from "./email-verification.service";
import { consumeActionToken } from "./action-tokens.repository";
import * as users from "./users.repository";
import { toAuthUser } from "./user.mapper";

type CreateProfileRequest = z.output<typeof createUserProfileRequestSchema>;

const userExists = () =>
  new AppError(409, "user_exists", "apiErrors.userExists", {}, { type: "user_exists", redirectToLogin: true });
// One answer for an unknown address, a wrong password and a password-less account.
const invalidCredentials = () => unauthorized("invalid_credentials", "apiErrors.invalidCredentials");
export const userNotFound = () => notFound("user_not_found", "apiErrors.userNotFound");

const loginCodeRequired = () => unauthorized("login_code_required", "apiErrors.loginCodeRequired");
const loginCodeInvalid = () => unauthorized("login_code_invalid", "apiErrors.loginCodeInvalid");

/** A sign-in past the per-account failure ceiling (decision 036): the password and a mailed code. */
export interface StepUp {
  required: boolean;
  code: string | undefined;
}

export function createAccountService(
  db: Kysely<DB>,
  sessions: SessionService,
  verification: EmailVerificationService,
  codes: MailedCodes,
) {
  async function signIn(user: users.UserRow): Promise<AuthSessionResponse> {
    const tokens = await sessions.open(user.id);
    return {
      success: true,
      token: tokens.token,
      accessToken: tokens.token,
      refreshToken: tokens.refreshToken,
      user: toAuthUser(user),
    };
  }

  async function ownUser(userId: string): Promise<users.UserRow> {
    const user = await users.findUserById(db, userId);
    if (!user) throw userNotFound();
    return user;
  }

  /** Profile fields common to createUserProfile and updateProfile; the e-mail is never changed here. */
  async function applyProfile(user: users.UserRow, input: UpdateProfileRequest): Promise<users.UserRow> {
    if (input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase()) {
      throw badRequest("email_change_not_allowed", "apiErrors.emailChangeNotAllowed");
    }
    const firstName = input.firstName ?? user.first_name;
    const lastName = input.lastName ?? user.last_name;
    const phoneChanged = input.phoneNumber !== undefined && input.phoneNumber !== user.phone_number;
    // A display name nobody chose follows the names (derived to fit, decision 019); one the user typed stays.
    const derivedName = !user.display_name || user.display_name === derivedDisplayName(user.first_name, user.last_name);
    const updated = await users.updateUser(db, user.id, {
      first_name: firstName,
      last_name: lastName,
      display_name: input.displayName || (derivedName ? derivedDisplayName(firstName, lastName) : user.display_name),
      language: input.language ?? user.language,
      newsletter_subscribed: input.newsletterSubscribed ?? user.newsletter_subscribed,
      // A new number must be verified again (SPEC §4, phone verification).
      ...(phoneChanged ? { phone_number: input.phoneNumber ?? null, phone_verified: false } : {}),
    });
    if (!updated) throw userNotFound();
    return updated;
  }

  return {
    async register(input: RegisterRequest, language: Language): Promise<RegisterResponse> {
      // Registration is the one place allowed to say an address is taken (decision 006).
      if (await users.findUserByEmail(db, input.email)) throw userExists();
      const user = await users.insertUser(db, {
        email: input.email,
        password_hash: await hashPassword(input.password),
        first_name: input.firstName,
        last_name: input.lastName,
        display_name: derivedDisplayName(input.firstName, input.lastName),
        phone_number: input.phoneNumber ?? null,
        language: input.language ?? language,
        terms_accepted: true,
        newsletter_subscribed: input.newsletterSubscribed,
        auth_provider: "password",
      });
      if (!user) throw userExists(); // a parallel registration of the same address won
      await verification.sendAfterRegistration(user, input.next);
      return { ...(await signIn(user)), userId: user.id };
    },

    /**
     * A right password signs in. Once strangers have failed too often on the account (`stepUp`),
     * it also needs the code mailed to the account: asked for (and sent) only after the right
     * password, so a guesser never triggers a mail nor learns more than "wrong password".
     */
    async login(email: string, password: string, stepUp: StepUp): Promise<AuthSessionResponse> {
      const user = await users.findUserByEmail(db, email);
      const matches = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !matches) throw invalidCredentials();
      if (stepUp.required) {
        if (stepUp.code === undefined) {
          await codes.send(user, "login_step_up", loginCodeMail);
          throw loginCodeRequired();
        }
        if (!(await codes.spend(user, "login_step_up", stepUp.code))) throw loginCodeInvalid();
      }
      return signIn(user);
    },

    /** Only the one-time token handed out by e-mail verification (DESIGN §1). */
    async loginWithToken(email: string, token: string): Promise<AuthSessionResponse> {
      const used = await consumeActionToken(db, {
        tokenHash: hashToken(token),
        purpose: "login",
        target: email.toLowerCase(),
      });
      const user = used?.user_id ? await users.findUserById(db, used.user_id) : undefined;
      if (!user) throw unauthorized("invalid_login_token", "apiErrors.invalidToken");
      return signIn(user);
    },

    signIn,

    profile: ownUser,

    async createProfile(userId: string, input: CreateProfileRequest) {
      return applyProfile(await ownUser(userId), input);
    },

    async updateProfile(userId: string, input: UpdateProfileRequest) {
      return applyProfile(await ownUser(userId), input);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
