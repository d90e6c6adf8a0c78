import { paths } from "@tavolo/shared/app-paths";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DeleteAccountRequest } from "@tavolo/shared/account-data";
import type { DB } from "../../db/schema";
import { badRequest, unauthorized } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { accountDeletedMail } from "../../mail/templates/account-mails";
import { verifyPassword } from "../auth/passwords";
import * as users from "../auth/users.repository";
import { lineOf, type FreedLine, type FreedTrigger } from "../reservations/freed-trigger";
import * as writes from "../reservations/reservation-writes.repository";
import * as repo from "./account-deletion.repository";

const passwordWrong = () => badRequest("delete_password_wrong", "apiErrors.deletePasswordWrong");
const emailMismatch = () => badRequest("delete_email_mismatch", "apiErrors.deleteEmailMismatch");
const passwordNeeded = () => badRequest("delete_password_needed", "apiErrors.deletePasswordNeeded");
/** The account is gone (deleted meanwhile): like any ended session. */
const accountGone = () => unauthorized("invalid_token", "apiErrors.invalidToken");

/**
 * Deletes a diner's account (decision 021, GDPR art. 17): the confirmation is checked first, then
 * one transaction cancels the upcoming bookings, ends every session and secret, deletes what
 * belongs to the person and the user row, and keeps past bookings for the restaurant without
 * anything personal. The confirmation mail leaves after the commit.
 */
export function createAccountDeletionService(options: {
  db: Kysely<DB>;
  mailer: Mailer;
  appOrigin: string;
  log: FastifyBaseLogger;
  freed: FreedTrigger;
}) {
  const { db, mailer, appOrigin, log, freed } = options;

  /** A password account proves it with its password; one without (Google) with its address typed again. */
  async function checkConfirmation(userId: string, confirmation: DeleteAccountRequest): Promise<void> {
    const user = await users.findUserById(db, userId);
    if (!user) throw accountGone();
    if (user.password_hash !== null) {
      if (confirmation.password === undefined) throw passwordNeeded();
      // 400, not 401: a 401 would make the client refresh its session and try again.
      if (!(await verifyPassword(user.password_hash, confirmation.password))) throw passwordWrong();
      return;
    }
    const typed = confirmation.confirmEmail?.trim().toLowerCase();
    if (typed !== user.email.toLowerCase()) throw emailMismatch();
  }

  return {
    async delete(userId: string, confirmation: DeleteAccountRequest): Promise<{ cancelledBookings: number }> {
      await checkConfirmation(userId, confirmation);
      const { cancelledBookings, startMail, freedLines } = await db.transaction().execute(async (trx) => {
        const user = await repo.lockUserForDeletion(trx, userId);
        // A second deletion that waited on the lock: the first one has done everything.
        if (!user) throw accountGone();
        let cancelled = 0;
        const lines: FreedLine[] = [];
        for (const booking of await repo.upcomingLiveReservations(trx, userId)) {
          // The same cancel as the diner's own: a table is free again, an offer gets its seats back.
          if (await writes.cancelUpcomingReservation(trx, booking.id, userId)) {
            cancelled++;
            lines.push(lineOf(booking));
          }
        }
        for (const hold of await writes.releaseHolds(trx, { userId })) lines.push(lineOf(hold));
        await writes.anonymiseReservationsOf(trx, userId);
        await repo.deleteSessionsAndSecrets(trx, userId, user.email);
        await repo.deletePreferencesAndRecords(trx, userId);
        await repo.deleteMailOf(trx, userId);
        await repo.deleteUserRow(trx, userId);
        const mail = accountDeletedMail(user.language, {
          cancelledBookings: cancelled,
          pageLink: `${appOrigin}${paths.accountDeletion()}`,
        });
        // Staged here, sent once committed: a rolled-back deletion sends nothing.
        const start = await mailer.stage(
          trx,
          // Written for someone who no longer has an account: tied to no one (decision 034).
          { address: user.email, userId: null },
          user.language,
          { ...mail, forgetRecipientWhenSent: true },
        );
        return { cancelledBookings: cancelled, startMail: start, freedLines: lines };
      });
      startMail();
      // What the deletion freed goes to the waitlist's first fitting diners (decision 029).
      await freed(freedLines);
      log.info({ cancelledBookings }, "account deleted");
      return { cancelledBookings };
    },
  };
}
export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
