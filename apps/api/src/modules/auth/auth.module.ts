import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/database";
import type { Mailer } from "../../mail/mailer";
import { registerAuth } from "../../plugins/auth";
import { createEmailChangeService, type EmailChangeService } from "../account/email-change.service";
import { createAccessTokens } from "./access-tokens";
import { createAccountService } from "./accounts.service";
import { authRoutes } from "./auth.routes";
import { createEmailVerificationService } from "./email-verification.service";
import { createGoogleAccounts } from "./google/google-accounts";
import { createMailedCodes, type MailedCodes } from "./mailed-codes";
import { createGoogleOidc, type GoogleIdentity } from "./google/google-oidc";
import { googleAuthRoutes, googleIdTokenRoutes } from "./google/google.routes";
import { createGoogleService } from "./google/google.service";
import { purgeExpiredSecrets } from "./housekeeping.repository";
import { createPasswordResetService } from "./password-reset.service";
import { passwordResetRoutes } from "./password-reset.routes";
import { profileRoutes } from "./profile.routes";
import { createCodeHasher, type CodeHasher } from "./secrets";
import { createSessionService } from "./sessions.service";
import { verificationRoutes } from "./verification.routes";
import { noStore } from "../../http/no-store";

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Accounts (decision 006): wires the services and registers their routes. Must run on the root instance
 * before any module whose routes use `app.requireUser`. Hands the settings module what it shares
 * with accounts: the code hasher and the e-mail change service (whose links verification spends).
 */
export async function registerAuthModule(
  app: FastifyInstance,
  deps: { config: AppConfig; database: Database; mailer: Mailer },
): Promise<{
  hashCode: CodeHasher;
  emailChange: EmailChangeService;
  mailedCodes: MailedCodes;
  /** A Google ID token checked against the provider, as its sign-in does; undefined without Google. */
  verifyGoogleIdToken: ((idToken: string) => Promise<GoogleIdentity>) | undefined;
}> {
  const { config, mailer } = deps;
  const db = deps.database.db;
  const appOrigin = config.appOrigin;
  const rateLimits = config.authRateLimit;

  const sessions = createSessionService(db, createAccessTokens({ secret: config.jwtSecret, issuer: appOrigin }));
  registerAuth(app, sessions.authenticate);

  const hashCode = createCodeHasher(config.jwtSecret);
  const emailChange = createEmailChangeService({ db, mailer, appOrigin, log: app.log });
  const verification = createEmailVerificationService({
    db,
    mailer,
    appOrigin,
    hashCode,
    log: app.log,
    confirmEmailChange: emailChange.confirm,
  });
  const mailedCodes = createMailedCodes({ db, mailer, hashCode });
  const accounts = createAccountService(db, sessions, verification, mailedCodes);
  const passwordReset = createPasswordResetService({ db, mailer, appOrigin, log: app.log });
  const oidc = config.google
    ? createGoogleOidc({ ...config.google, redirectUri: `${appOrigin}/api/auth/google/callback` })
    : undefined;
  const google = oidc
    ? createGoogleService({
        db,
        oidc,
        accounts: createGoogleAccounts({ db, sessions, mailer, appOrigin }),
        signIn: accounts.signIn,
        appOrigin,
        log: app.log,
      })
    : undefined;

  await app.register(
    async (client) => {
      // Answers here carry tokens or personal data: no cache may keep them.
      client.addHook("onRequest", noStore);
      await client.register(authRoutes, { accounts, sessions, rateLimits });
      await client.register(verificationRoutes, { verification, appOrigin, rateLimits });
      await client.register(passwordResetRoutes, { passwordReset, rateLimits });
      await client.register(profileRoutes, { accounts });
      await client.register(googleIdTokenRoutes, { google, appOrigin, rateLimits });
    },
    { prefix: "/api/client" },
  );
  await app.register(googleAuthRoutes, { prefix: "/api/auth/google", google, appOrigin, rateLimits });

  const housekeeping = setInterval(() => {
    purgeExpiredSecrets(db).catch((error: unknown) => app.log.warn({ err: error }, "auth housekeeping failed"));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook("onClose", async () => clearInterval(housekeeping));
  return { hashCode, emailChange, mailedCodes, verifyGoogleIdToken: oidc?.verifyIdToken };
}
