import { paths } from "@tavolo/shared/app-paths";
import { deleteDinerSubscriptions } from "../push/push.repository";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DeleteAccountRequest } from "@tavolo/shared/account-data";
import type { DB } from "../../db/schema";
import { DELETION_SIGN_IN_MAX_AGE_SECONDS } from "@tavolo/shared/account-data";
import { AppError, badRequest, unauthorized } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { accountDeletedMail } from "../../mail/templates/account-mails";
import { deletionCodeMail } from "../../mail/templates/step-up-mails";
import type { GoogleIdentity } from "../auth/google/google-oidc";
import { providerOutageCause } from "../auth/google/provider-outage";
import type { MailedCodes } from "../auth/mailed-codes";
import { verifyPassword } from "../auth/passwords";
import * as users from "../auth/users.repository";
import { lineOf, type FreedLine, type FreedTrigger } from "../reservations/freed-trigger";
import * as writes from "../reservations/reservation-writes.repository";
import * as repo from "./account-deletion.repository";

const passwordWrong = () => badRequest("delete_password_wrong", "apiErrors.deletePasswordWrong");
const emailMismatch = () => badRequest("delete_email_mismatch", "apiErrors.deleteEmailMismatch");
const passwordNeeded = () => badRequest("delete_password_needed", "apiErrors.deletePasswordNeeded");
const proofNeeded = () => badRequest("delete_proof_needed", "apiErrors.deleteProofNeeded");
const codeWrong = () => badRequest("delete_code_wrong", "apiErrors.deleteCodeWrong");
const idTokenStale = () => badRequest("delete_id_token_stale", "apiErrors.deleteIdTokenStale");
const providerUnavailable = () =>
  new AppError(503, "google_unavailable", "apiErrors.googleUnavailable", {}, { retryAfter: 30 });
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
  codes: MailedCodes;
  /** Checks a Google ID token with the provider (as its sign-in does); undefined without Google. */
  verifyGoogleIdToken: ((idToken: string) => Promise<GoogleIdentity>) | undefined;
  now?: () => Date;
}) {
  const { db, mailer, appOrigin, log, freed, codes, verifyGoogleIdToken, now = () => new Date() } = options;

  /** A sign-in at the provider, of this account's Google identity, within the last ten minutes. */
  async function freshGoogleSignIn(user: users.UserRow, idToken: string): Promise<boolean> {
    if (!verifyGoogleIdToken || !user.google_sub) return false;
    const identity = await verifyGoogleIdToken(idToken).catch((error: unknown) => {
      if (providerOutageCause(error)) throw providerUnavailable();
      log.info({ err: error }, "Google ID token for a deletion refused");
      return undefined;
    });
    if (!identity || identity.subject !== user.google_sub || identity.issuer !== user.google_issuer) return false;
    const age = now().getTime() / 1000 - (identity.authTime ?? -Infinity);
    // A little clock skew forward is tolerated; an auth_time far in the future is not a proof.
    return age <= DELETION_SIGN_IN_MAX_AGE_SECONDS && age >= -60;
  }

  /**
   * A password account proves it with its password. One without (Google) must show that the person
   * is here now, not only a token (decision 036): the code mailed to the address, or a fresh sign-in
   * at the provider. Its address, typed again, is not a proof: the same token can read it.
   */
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
    if (typed !== undefined && typed !== user.email.toLowerCase()) throw emailMismatch();
    if (confirmation.idToken !== undefined) {
      if (!(await freshGoogleSignIn(user, confirmation.idToken))) throw idTokenStale();
      return;
    }
    if (confirmation.code === undefined) throw proofNeeded();
    if (!(await codes.spend(user, "account_deletion", confirmation.code))) throw codeWrong();
  }

  return {
    /** Mails the code that confirms the deletion of an account without a password. */
    async sendCode(userId: string): Promise<void> {
      const user = await users.findUserById(db, userId);
      if (!user) throw accountGone();
      if (user.password_hash !== null) throw passwordNeeded();
      await codes.send(user, "account_deletion", deletionCodeMail);
    },

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
        // The diner's browsers get nothing more, and what was queued for them goes (decision 045).
        await deleteDinerSubscriptions(trx, userId);
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
