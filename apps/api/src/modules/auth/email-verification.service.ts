import { paths, sameOriginPath } from "@tavolo/shared/app-paths";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { COOLDOWN_SECONDS } from "@tavolo/shared/constants";
import type { DB } from "../../db/schema";
import { emailCodeSchema } from "@tavolo/shared/validation";
import { badRequest, tooManyRequests, type AppError } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { verificationCodeMail, verificationLinkMail, welcomeMail } from "../../mail/templates/auth-mails";
import {
  actionTokenUserId,
  consumeActionToken,
  consumeUserTokens,
  insertActionToken,
} from "./action-tokens.repository";
import {
  claimCooldown,
  consumeCode,
  consumeUserCodes,
  replaceCode,
  spendCodeAttempt,
  type CodeOwner,
} from "./codes.repository";
import { hashToken, newNumericCode, newOpaqueToken, sameDigest, type CodeHasher } from "./secrets";
import * as users from "./users.repository";

const CODE_TTL_SECONDS = 10 * 60;
const LINK_TTL_SECONDS = 24 * 60 * 60;
const LOGIN_TOKEN_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;

const otpInvalid = () => badRequest("otp_invalid", "apiErrors.otpInvalid");
const linkInvalid = () => badRequest("verification_link_invalid", "apiErrors.verificationLinkInvalid");

/**
 * Holds the user's row until the transaction ends. The code and the link of one verification mail
 * are spent under it, one at a time: whichever is used first voids the other (decision 023), even
 * when both arrive at once.
 */
async function lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
}

/**
 * E-mail verification by six-digit code or by link (DESIGN §5). Success hands out a one-time login
 * token, so the verification screen can sign the user in (SPEC §4).
 */
export function createEmailVerificationService(options: {
  db: Kysely<DB>;
  mailer: Mailer;
  appOrigin: string;
  hashCode: CodeHasher;
  log: FastifyBaseLogger;
  /** Spends an e-mail change link (decision 008); undefined when the token is not one. */
  confirmEmailChange?: (token: string, email: string) => Promise<users.UserRow | undefined>;
}) {
  const { db, mailer, appOrigin, hashCode, log } = options;
  const cooldownKey = (address: string) => `email-verification:${address}`;
  const codeOwner = (user: users.UserRow): CodeOwner => ({
    userId: user.id,
    purpose: "email_verification",
    target: user.email.toLowerCase(),
  });

  /** `next`: the page the diner registered from, where the link's sign-in ends (decision 038). */
  async function newLink(user: users.UserRow, next?: string): Promise<string> {
    const token = newOpaqueToken();
    const target = user.email.toLowerCase();
    await insertActionToken(db, {
      tokenHash: hashToken(token),
      purpose: "email_verification",
      userId: user.id,
      target,
      lifetimeSeconds: LINK_TTL_SECONDS,
    });
    // The web's /email-redirect page hands the token to GET /api/client/verify-email-and-login.
    const query = new URLSearchParams({ token, email: user.email });
    const back = sameOriginPath(next);
    if (back) query.set("next", back);
    return `${appOrigin}${paths.emailRedirect()}?${query}`;
  }

  async function sendCode(user: users.UserRow, next?: string): Promise<void> {
    const code = newNumericCode();
    const owner = codeOwner(user);
    await db
      .transaction()
      .execute((trx) => replaceCode(trx, owner, hashCode(owner.purpose, owner.target, code), CODE_TTL_SECONDS));
    const link = await newLink(user, next);
    const mail = verificationCodeMail(user.language, {
      name: user.first_name,
      code,
      link,
      minutes: CODE_TTL_SECONDS / 60,
    });
    await mailer.send({ address: user.email, userId: user.id }, user.language, mail);
  }

  async function sendLink(user: users.UserRow): Promise<void> {
    const link = await newLink(user);
    const mail = verificationLinkMail(user.language, { name: user.first_name, link, hours: LINK_TTL_SECONDS / 3600 });
    await mailer.send({ address: user.email, userId: user.id }, user.language, mail);
  }

  /** Marks the address verified (welcoming the user the first time) and hands out a login token. */
  async function complete(user: users.UserRow, stale: () => AppError): Promise<{ loginToken: string }> {
    const verified = await users.markEmailVerified(db, user.id, user.email);
    if (!verified) throw stale(); // the address changed meanwhile
    if (!user.email_verified) {
      await mailer
        .send(
          { address: user.email, userId: user.id },
          user.language,
          welcomeMail(user.language, { name: user.first_name, link: `${appOrigin}${paths.home()}` }),
        )
        .catch(() => {}); // the welcome is a courtesy; verification has succeeded
    }
    const loginToken = newOpaqueToken();
    await insertActionToken(db, {
      tokenHash: hashToken(loginToken),
      purpose: "login",
      userId: user.id,
      target: user.email.toLowerCase(),
      lifetimeSeconds: LOGIN_TOKEN_TTL_SECONDS,
    });
    return { loginToken };
  }

  /**
   * Checks a typed code. 'Expired' is said only to someone who typed the right code, so a stranger
   * guessing learns nothing about the address; the fifth wrong try voids the code.
   */
  async function verifyCode(email: string, code: string): Promise<{ loginToken: string }> {
    const user = await users.findUserByEmail(db, email);
    if (!user) throw otpInvalid();
    const owner = codeOwner(user);
    // A wrong try must stay counted: the transaction commits and the refusal is thrown after it.
    const outcome = await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      const live = await spendCodeAttempt(trx, owner, MAX_CODE_ATTEMPTS);
      if (!live || !sameDigest(live.code_hash, hashCode(owner.purpose, owner.target, code))) return "invalid";
      if (live.expired) return "expired";
      if (!(await consumeCode(trx, live.id))) return "invalid";
      // The link of the same mail (and of any earlier one) no longer signs anyone in.
      await consumeUserTokens(trx, user.id, "email_verification");
      return "used";
    });
    if (outcome === "expired") throw badRequest("otp_expired", "apiErrors.otpExpired");
    if (outcome === "invalid") throw otpInvalid();
    return complete(user, otpInvalid);
  }

  return {
    /** The first code right after registration; it also starts the resend cooldown. */
    async sendAfterRegistration(user: users.UserRow, next?: string): Promise<void> {
      try {
        await claimCooldown(db, cooldownKey(user.email.toLowerCase()), COOLDOWN_SECONDS);
        await sendCode(user, next);
      } catch (error) {
        // Registration has succeeded whatever happens to the mail: the user can ask for another.
        log.error({ err: error, userId: user.id }, "verification code after registration not sent");
      }
    },

    /**
     * Resend a code (or a link). Same answer for unknown, verified and unverified addresses, and the
     * same 60 s cooldown for all of them, so neither tells whether an account exists.
     */
    async resend(email: string, kind: "code" | "link"): Promise<void> {
      const wait = await claimCooldown(db, cooldownKey(email.toLowerCase()), COOLDOWN_SECONDS);
      if (wait > 0) throw tooManyRequests(wait, "otp_cooldown", "apiErrors.otpCooldown");
      const user = await users.findUserByEmail(db, email);
      if (!user || user.email_verified) return;
      await (kind === "code" ? sendCode(user) : sendLink(user));
    },

    verifyCode,

    /**
     * The e-mail link's token (POST verify-email, GET verify-email-and-login); six digits are a code.
     * An e-mail change link takes the same way, so confirming a new address also signs the user in.
     */
    async verifyLink(email: string, token: string): Promise<{ loginToken: string; emailChanged?: true }> {
      if (emailCodeSchema.safeParse(token).success) return verifyCode(email, token);
      const lookup = { tokenHash: hashToken(token), purpose: "email_verification" as const };
      const used = await db.transaction().execute(async (trx) => {
        const ownerId = await actionTokenUserId(trx, lookup);
        if (ownerId) await lockUser(trx, ownerId);
        const spent = await consumeActionToken(trx, { ...lookup, target: email.toLowerCase() });
        // The code of the same mail (and any earlier one) is void from now on.
        if (spent?.user_id) await consumeUserCodes(trx, spent.user_id, "email_verification");
        return spent;
      });
      if (!used && options.confirmEmailChange) {
        const changed = await options.confirmEmailChange(token, email);
        // The landing page says the address changed, and to what, not merely "verified".
        if (changed) return { ...(await complete(changed, linkInvalid)), emailChanged: true };
      }
      const user = used?.user_id ? await users.findUserById(db, used.user_id) : undefined;
      if (!user || user.email.toLowerCase() !== used?.target) throw linkInvalid();
      return complete(user, linkInvalid);
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
