import type { FastifyInstance } from "fastify";
import type { FreedTrigger } from "../reservations/freed-trigger";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/database";
import type { Mailer } from "../../mail/mailer";
import type { SmsSender } from "../../sms/sms-sender";
import type { GoogleIdentity } from "../auth/google/google-oidc";
import type { MailedCodes } from "../auth/mailed-codes";
import type { CodeHasher } from "../auth/secrets";
import { accountDataRoutes } from "./account-data.routes";
import { createAccountDeletionService } from "./account-deletion.service";
import { createAccountExportService } from "./account-export.service";
import { accountRoutes } from "./account.routes";
import type { EmailChangeService } from "./email-change.service";
import { createPasswordChangeService } from "./password-change.service";
import { createPhoneVerificationService } from "./phone-verification.service";
import { noStore } from "../../http/no-store";

/**
 * Settings (decision 008): phone verification, e-mail and password change, notification preferences,
 * and the diner's own data (export, account deletion; decision 021), under /api/client. Registers after the auth module, whose `requireUser`, code hasher and e-mail
 * change service (its links share the verification hand-over) it uses.
 */
export async function registerAccountModule(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    database: Database;
    mailer: Mailer;
    sms: SmsSender;
    hashCode: CodeHasher;
    emailChange: EmailChangeService;
    mailedCodes: MailedCodes;
    verifyGoogleIdToken: ((idToken: string) => Promise<GoogleIdentity>) | undefined;
    now?: () => Date;
    /** Clears the availability caches of every process (decision 015): a deletion frees tables and seats. */
    invalidateAvailability: () => void;
    /** The waitlist gets the tables and seats a deletion frees (decision 029). */
    freed: FreedTrigger;
  },
): Promise<void> {
  const db = deps.database.db;
  const appOrigin = deps.config.appOrigin;
  const phone = createPhoneVerificationService({ db, sms: deps.sms, hashCode: deps.hashCode, appOrigin, log: app.log });
  const passwordChange = createPasswordChangeService({ db, mailer: deps.mailer, appOrigin, log: app.log });
  const deletion = createAccountDeletionService({
    db,
    mailer: deps.mailer,
    appOrigin,
    log: app.log,
    freed: deps.freed,
    codes: deps.mailedCodes,
    verifyGoogleIdToken: deps.verifyGoogleIdToken,
    now: deps.now,
  });

  await app.register(
    async (client) => {
      // Personal data and one-time secrets: no cache may keep any of it.
      client.addHook("onRequest", noStore);
      await client.register(accountRoutes, {
        db,
        phone,
        emailChange: deps.emailChange,
        passwordChange,
        rateLimits: deps.config.authRateLimit,
      });
      await client.register(accountDataRoutes, {
        exporter: createAccountExportService(db),
        deletion,
        rateLimits: deps.config.authRateLimit,
        invalidateAvailability: deps.invalidateAvailability,
      });
    },
    { prefix: "/api/client" },
  );
}
