import type { Kysely } from "kysely";
import type { Language } from "@tavolo/shared/languages";
import type { CodePurpose, DB } from "../../db/schema";
import type { Mailer } from "../../mail/mailer";
import type { RenderedMail } from "../../mail/templates/layout";
import {
  claimCooldown,
  consumeCode,
  releaseCooldown,
  replaceCode,
  spendCodeAttempt,
  type CodeOwner,
} from "./codes.repository";
import { newNumericCode, sameDigest, type CodeHasher } from "./secrets";

const CODE_TTL_SECONDS = 10 * 60;
const MAX_ATTEMPTS = 5;
/** A new code at most once a minute: a flood of requests sends one mail, the earlier code stays valid. */
const RESEND_SECONDS = 60;

export type MailedCodePurpose = Extract<CodePurpose, "login_step_up" | "account_deletion">;

interface Recipient {
  id: string;
  email: string;
  first_name: string;
  language: Language;
}

type CodeMail = (language: Language, v: { name: string; code: string; minutes: number }) => RenderedMail;

/**
 * Six-digit codes mailed to an account's own address, proving the person reads its mailbox
 * (decision 036): the sign-in past the per-account failure ceiling, the deletion of an account
 * without a password. Stored as an HMAC, five tries, ten minutes, one use.
 */
export function createMailedCodes(options: { db: Kysely<DB>; mailer: Mailer; hashCode: CodeHasher }) {
  const { db, mailer, hashCode } = options;
  const ownerOf = (user: Recipient, purpose: MailedCodePurpose): CodeOwner => ({
    userId: user.id,
    purpose,
    target: user.email.toLowerCase(),
  });

  return {
    /** Mails a fresh code unless one left less than a minute ago (that one still works). */
    async send(user: Recipient, purpose: MailedCodePurpose, mail: CodeMail): Promise<void> {
      const cooldown = `${purpose}:${user.id}`;
      if ((await claimCooldown(db, cooldown, RESEND_SECONDS)) > 0) return;
      const owner = ownerOf(user, purpose);
      const code = newNumericCode();
      try {
        await db
          .transaction()
          .execute((trx) => replaceCode(trx, owner, hashCode(purpose, owner.target, code), CODE_TTL_SECONDS));
        const minutes = CODE_TTL_SECONDS / 60;
        await mailer.send(
          { address: user.email, userId: user.id },
          user.language,
          mail(user.language, { name: user.first_name, code, minutes }),
        );
      } catch (error) {
        // A code that did not leave must not make the person wait a minute for the next one.
        await releaseCooldown(db, cooldown);
        throw error;
      }
    },

    /** Spends one try; true when the code is the live one (it is then used up). */
    async spend(user: Recipient, purpose: MailedCodePurpose, code: string): Promise<boolean> {
      const owner = ownerOf(user, purpose);
      return db.transaction().execute(async (trx) => {
        const live = await spendCodeAttempt(trx, owner, MAX_ATTEMPTS);
        if (!live || live.expired || !sameDigest(live.code_hash, hashCode(purpose, owner.target, code))) return false;
        return consumeCode(trx, live.id);
      });
    },
  };
}
export type MailedCodes = ReturnType<typeof createMailedCodes>;
