import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { COOLDOWN_SECONDS, PHONE_CODE_TTL_SECONDS } from "@tavolo/shared/constants";
import type { DB } from "../../db/schema";
import { isUniqueViolation } from "../../db/postgres-errors";
import { AppError, badRequest, tooManyRequests } from "../../errors";
import type { SmsSender } from "../../sms/sms-sender";
import { phoneCodeSms } from "../../sms/sms-templates";
import { userNotFound } from "../auth/accounts.service";
import {
  claimCooldown,
  consumeCode,
  releaseCooldown,
  replaceCode,
  spendCodeAttempt,
  type CodeOwner,
} from "../auth/codes.repository";
import { MAX_CODE_ATTEMPTS } from "../auth/email-verification.service";
import { newNumericCode, sameDigest, type CodeHasher } from "../auth/secrets";
import * as users from "../auth/users.repository";
import * as repo from "./account.repository";

const otpInvalid = () => badRequest("otp_invalid", "apiErrors.otpInvalid");
const phoneTaken = () => new AppError(409, "phone_taken", "apiErrors.phoneTaken");

/**
 * Phone verification by a six-digit code sent by SMS (SPEC §4, DESIGN §5): hashed, 10 minutes,
 * single use, void after 5 wrong tries, 60 s between sends. The number becomes the profile's
 * (verified) number only when the code comes back, so a typo never replaces a proved number.
 */
export function createPhoneVerificationService(options: {
  db: Kysely<DB>;
  sms: SmsSender;
  hashCode: CodeHasher;
  appOrigin: string;
  log: FastifyBaseLogger;
}) {
  const { db, sms, hashCode, log } = options;
  const host = new URL(options.appOrigin).host;
  // Per account, not per number: trying many numbers does not buy more messages.
  const cooldownKey = (userId: string) => `phone-code:${userId}`;
  const owner = (userId: string, phoneNumber: string): CodeOwner => ({
    userId,
    purpose: "phone_verification",
    target: phoneNumber,
  });

  return {
    /** Sends a code to `phoneNumber`; `alreadyVerified` when it is the account's proved number already. */
    async start(userId: string, phoneNumber: string): Promise<{ alreadyVerified: boolean }> {
      const user = await users.findUserById(db, userId);
      if (!user) throw userNotFound();
      if (user.phone_verified && user.phone_number === phoneNumber) return { alreadyVerified: true };
      if (await repo.phoneVerifiedByOther(db, phoneNumber, userId)) throw phoneTaken();
      const wait = await claimCooldown(db, cooldownKey(userId), COOLDOWN_SECONDS);
      if (wait > 0) throw tooManyRequests(wait, "otp_cooldown", "apiErrors.otpCooldown");

      const code = newNumericCode();
      const codeOwner = owner(userId, phoneNumber);
      await db.transaction().execute(async (trx) => {
        await repo.deletePhoneCodes(trx, userId);
        await replaceCode(trx, codeOwner, hashCode(codeOwner.purpose, codeOwner.target, code), PHONE_CODE_TTL_SECONDS);
      });
      try {
        await sms.send({
          to: phoneNumber,
          userId,
          language: user.language,
          text: phoneCodeSms(user.language, { code, minutes: PHONE_CODE_TTL_SECONDS / 60, host }),
          template: "sms-phone-code",
        });
      } catch (error) {
        log.error({ err: error, userId }, "phone verification SMS not sent");
        // Nothing went out: no live code, and no wait before trying again.
        await repo.deletePhoneCodes(db, userId);
        await releaseCooldown(db, cooldownKey(userId));
        throw new AppError(503, "sms_send_failed", "apiErrors.smsSendFailed");
      }
      return { alreadyVerified: false };
    },

    /**
     * Checks the code against the newest one sent. 'Expired' is said only for the right code; the
     * fifth wrong try voids it. Success makes the number the account's verified number.
     */
    async confirm(userId: string, otp: string): Promise<users.UserRow> {
      const target = await repo.pendingPhoneCodeTarget(db, userId);
      if (!target) throw otpInvalid();
      const codeOwner = owner(userId, target);
      const live = await spendCodeAttempt(db, codeOwner, MAX_CODE_ATTEMPTS);
      if (!live || !sameDigest(live.code_hash, hashCode(codeOwner.purpose, target, otp))) throw otpInvalid();
      if (live.expired) throw badRequest("otp_expired", "apiErrors.otpExpired");
      if (await repo.phoneVerifiedByOther(db, target, userId)) throw phoneTaken();
      if (!(await consumeCode(db, live.id))) throw otpInvalid();
      try {
        const updated = await repo.setVerifiedPhone(db, userId, target);
        if (!updated) throw userNotFound();
        return updated;
      } catch (error) {
        // Another account proved the same number between our check and this write.
        if (isUniqueViolation(error, repo.VERIFIED_PHONE_INDEX)) throw phoneTaken();
        throw error;
      }
    },
  };
}
export type PhoneVerificationService = ReturnType<typeof createPhoneVerificationService>;
