import { paths } from "@tavolo/shared/app-paths";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { COOLDOWN_SECONDS } from "@tavolo/shared/constants";
import type { DB } from "../../db/schema";
import { isUniqueViolation } from "../../db/postgres-errors";
import { AppError, badRequest, tooManyRequests } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { emailChangeMail, emailChangedNoticeMail } from "../../mail/templates/account-mails";
import { userNotFound } from "../auth/accounts.service";
import { consumeActionToken, consumeUserTokens, insertActionToken } from "../auth/action-tokens.repository";
import { claimCooldown, releaseCooldown, releaseCooldownsOf } from "../auth/codes.repository";
import { hashToken, newOpaqueToken } from "../auth/secrets";
import * as users from "../auth/users.repository";

const LINK_TTL_SECONDS = 24 * 60 * 60;
/** The unique index on lower(email) of migration 002. */
const EMAIL_INDEX = "users_email_lower_idx";

const emailTaken = () => new AppError(409, "email_taken", "apiErrors.emailTaken");
const linkInvalid = () => badRequest("verification_link_invalid", "apiErrors.verificationLinkInvalid");

interface ChangePayload {
  from: string;
  newEmail: string;
}
const isChangePayload = (value: unknown): value is ChangePayload =>
  typeof (value as ChangePayload | null)?.from === "string" &&
  typeof (value as ChangePayload | null)?.newEmail === "string";

/**
 * E-mail change by link (SPEC §5): the new address gets a single-use link; following it proves
 * the mailbox, makes it the account's (verified) address and tells the old address. Until then
 * nothing changes. The link goes through the same /email-redirect hand-over as verification links.
 */
export function createEmailChangeService(options: {
  db: Kysely<DB>;
  mailer: Mailer;
  appOrigin: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, appOrigin, log } = options;
  const cooldownKey = (userId: string) => `email-change:${userId}`;

  return {
    async request(userId: string, newEmail: string): Promise<void> {
      const user = await users.findUserById(db, userId);
      if (!user) throw userNotFound();
      // Their address belongs to Google (SPEC §5 hides the card; the API refuses as well).
      if (user.auth_provider === "google") {
        throw new AppError(403, "email_change_not_allowed", "apiErrors.emailChangeNotForGoogle");
      }
      const target = newEmail.toLowerCase();
      if (target === user.email.toLowerCase()) throw badRequest("email_unchanged", "apiErrors.emailUnchanged");
      // A signed-in user may learn that an address is taken, as registration tells anyone.
      if (await users.findUserByEmail(db, newEmail)) throw emailTaken();
      const wait = await claimCooldown(db, cooldownKey(userId), COOLDOWN_SECONDS);
      if (wait > 0) throw tooManyRequests(wait, "email_change_cooldown", "apiErrors.otpCooldown");

      const token = newOpaqueToken();
      await db.transaction().execute(async (trx) => {
        // Only the newest request can be confirmed.
        await consumeUserTokens(trx, userId, "email_change");
        await insertActionToken(trx, {
          tokenHash: hashToken(token),
          purpose: "email_change",
          userId,
          target,
          payload: { from: user.email.toLowerCase(), newEmail } satisfies ChangePayload,
          lifetimeSeconds: LINK_TTL_SECONDS,
        });
      });
      const link = `${appOrigin}${paths.emailRedirect()}?${new URLSearchParams({ token, email: newEmail })}`;
      try {
        await mailer.send(
          // The person who asked for the change: the new address is not theirs yet (decision 034).
          { address: newEmail, userId },
          user.language,
          emailChangeMail(user.language, { name: user.first_name, newEmail, link, hours: LINK_TTL_SECONDS / 3600 }),
        );
      } catch (error) {
        await releaseCooldown(db, cooldownKey(userId));
        throw error;
      }
    },

    /**
     * Spends an e-mail change link. Undefined when the token is not one (the caller tries the other
     * link kinds); throws when it is one that can no longer apply.
     */
    async confirm(token: string, email: string): Promise<users.UserRow | undefined> {
      const used = await consumeActionToken(db, {
        tokenHash: hashToken(token),
        purpose: "email_change",
        target: email.toLowerCase(),
      });
      if (!used?.user_id) return undefined;
      const user = await users.findUserById(db, used.user_id);
      // The account's address changed some other way since the link was sent: it no longer applies.
      if (!user || !isChangePayload(used.payload) || user.email.toLowerCase() !== used.payload.from) {
        throw linkInvalid();
      }
      let updated: users.UserRow | undefined;
      try {
        updated = await users.updateUser(db, user.id, { email: used.payload.newEmail, email_verified: true });
      } catch (error) {
        // Someone registered the address between the request and the click.
        if (isUniqueViolation(error, EMAIL_INDEX)) throw emailTaken();
        throw error;
      }
      if (!updated) throw linkInvalid();
      // The old address is no longer this person's: its send throttles (keyed by the address) must
      // not outlive the account, which from now on knows only the new one (decision 037).
      await releaseCooldownsOf(db, user.email);
      await mailer
        .send(
          { address: user.email, userId: user.id },
          user.language,
          emailChangedNoticeMail(user.language, { name: user.first_name, newEmail: updated.email }),
        )
        .catch((error: unknown) => log.warn({ err: error }, "e-mail change notice not queued"));
      return updated;
    },
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
