import { paths } from "@tavolo/shared/app-paths";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { AppError, badRequest } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { passwordChangedMail } from "../../mail/templates/account-mails";
import { userNotFound } from "../auth/accounts.service";
import { consumeUserTokens } from "../auth/action-tokens.repository";
import { hashPassword, verifyPassword } from "../auth/passwords";
import * as users from "../auth/users.repository";
import { revokeUserSessions } from "../auth/sessions.repository";

/**
 * The settings password change, real (DESIGN §1): the current password is checked, and every other
 * session ends, so whoever knew the old password is out. The session that asked stays signed in.
 */
export function createPasswordChangeService(options: {
  db: Kysely<DB>;
  mailer: Mailer;
  appOrigin: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, appOrigin, log } = options;
  return {
    async change(userId: string, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
      const user = await users.findUserById(db, userId);
      if (!user) throw userNotFound();
      if (user.auth_provider === "google" || user.password_hash === null) {
        throw new AppError(403, "password_change_not_allowed", "apiErrors.passwordChangeNotForGoogle");
      }
      // 400, not 401: a 401 would make the client refresh its session and try again.
      if (!(await verifyPassword(user.password_hash, currentPassword))) {
        throw badRequest("current_password_wrong", "apiErrors.currentPasswordWrong");
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await users.updateUser(trx, userId, { password_hash: passwordHash });
        await revokeUserSessions(trx, userId, "password_change", sessionId);
        // A reset link asked for before the change must not undo it.
        await consumeUserTokens(trx, userId, "password_reset");
      });
      await mailer
        .send(
          { address: user.email, userId: user.id },
          user.language,
          passwordChangedMail(user.language, { name: user.first_name, resetLink: `${appOrigin}${paths.login()}` }),
        )
        .catch((error: unknown) => log.warn({ err: error }, "password change notice not queued"));
    },
  };
}
export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
