import { paths } from "@tavolo/shared/app-paths";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { RESET_LINK_LIFETIME_MS } from "@tavolo/shared/constants";
import type { DB } from "../../db/schema";
import { badRequest } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { passwordResetMail } from "../../mail/templates/auth-mails";
import { consumeActionToken, consumeUserTokens, insertActionToken } from "./action-tokens.repository";
import { hashPassword } from "./passwords";
import { hashToken, newOpaqueToken } from "./secrets";
import * as sessions from "./sessions.repository";
import * as users from "./users.repository";

const LIFETIME_SECONDS = RESET_LINK_LIFETIME_MS / 1000;
const linkInvalid = () => badRequest("reset_link_invalid", "apiErrors.resetLinkInvalid");

/** Password reset by e-mailed link (DESIGN §5): 256-bit token, stored hashed, single use, one hour. */
export function createPasswordResetService(options: {
  db: Kysely<DB>;
  mailer: Mailer;
  appOrigin: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, appOrigin, log } = options;
  return {
    /**
     * Same answer, and the same database work, whether or not the address exists: unknown addresses
     * get a stand-in token row that no user can redeem. Only the mail itself differs.
     */
    async request(email: string): Promise<void> {
      const user = await users.findUserByEmail(db, email);
      const token = newOpaqueToken();
      await insertActionToken(db, {
        tokenHash: hashToken(token),
        purpose: "password_reset",
        userId: user?.id ?? null,
        target: email.toLowerCase(),
        lifetimeSeconds: LIFETIME_SECONDS,
      });
      if (!user) return;
      // Built from APP_ORIGIN, never from the Host header, so a forged host cannot steal the token.
      const link = `${appOrigin}${paths.resetPassword()}?${new URLSearchParams({ token })}`;
      const mail = passwordResetMail(user.language, { name: user.first_name, link, minutes: LIFETIME_SECONDS / 60 });
      // A failure here must not change the answer (it would tell that the address exists).
      await mailer.send({ address: user.email, userId: user.id }, user.language, mail).catch((error: unknown) => {
        log.error({ err: error }, "password reset mail could not be queued");
      });
    },

    /** Sets the new password, proves the mailbox (e-mail verified) and ends every session. */
    async reset(token: string, newPassword: string): Promise<void> {
      const used = await consumeActionToken(db, { tokenHash: hashToken(token), purpose: "password_reset" });
      const user = used?.user_id ? await users.findUserById(db, used.user_id) : undefined;
      if (!user || user.email.toLowerCase() !== used?.target) throw linkInvalid();
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await users.updateUser(trx, user.id, { password_hash: passwordHash, email_verified: true });
        await sessions.revokeUserSessions(trx, user.id, "password_reset");
        // Other reset links of this account die with the first one used.
        await consumeUserTokens(trx, user.id, "password_reset");
      });
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
