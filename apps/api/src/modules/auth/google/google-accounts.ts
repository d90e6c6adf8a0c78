import { paths } from "@tavolo/shared/app-paths";
import type { Kysely } from "kysely";
import type { Language } from "@tavolo/shared/languages";
import { derivedDisplayName } from "@tavolo/shared/names";
import type { DB } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { Mailer } from "../../../mail/mailer";
import { welcomeMail } from "../../../mail/templates/auth-mails";
import type { SessionService } from "../sessions.service";
import * as users from "../users.repository";
import type { GoogleIdentity } from "./google-oidc";

/** What the user asked for on the web (SPEC §7 GET /auth/google/redirect flags). */
export interface GoogleSignUpIntent {
  registration: boolean;
  termsAccepted: boolean;
  newsletterSubscribed: boolean;
  language: Language;
}

export type GoogleAccountOutcome = { kind: "user"; user: users.UserRow } | { kind: "notRegistered" };

export const googleLoginFailed = () => new AppError(502, "google_login_failed", "apiErrors.googleLoginFailed");
const emailUnverified = () => new AppError(409, "google_email_unverified", "apiErrors.googleEmailUnverified");

/**
 * Finds or creates the Tavolo account of a Google identity: by issuer + subject first, then by a
 * Google-verified address (linking it), else a new account when the user is registering.
 */
export function createGoogleAccounts(options: {
  db: Kysely<DB>;
  sessions: SessionService;
  mailer: Mailer;
  appOrigin: string;
}) {
  const { db, sessions, mailer, appOrigin } = options;

  async function link(existing: users.UserRow, identity: GoogleIdentity): Promise<users.UserRow> {
    if (existing.google_sub !== null) throw googleLoginFailed(); // the address belongs to another Google account
    // An unverified account may have been opened by someone who does not own the address: its
    // password and sessions go, and the Google owner takes the account over.
    const takeover = !existing.email_verified;
    const linked = await users.updateUser(db, existing.id, {
      google_issuer: identity.issuer,
      google_sub: identity.subject,
      email_verified: true,
      ...(takeover ? { password_hash: null, auth_provider: "google" as const } : {}),
    });
    if (!linked) throw googleLoginFailed();
    if (takeover) await sessions.closeAllForUser(existing.id, "account_secured");
    return linked;
  }

  async function create(identity: GoogleIdentity, email: string, intent: GoogleSignUpIntent) {
    const user = await users.insertUser(db, {
      email,
      password_hash: null,
      first_name: identity.givenName,
      last_name: identity.familyName,
      display_name: identity.name || derivedDisplayName(identity.givenName, identity.familyName),
      phone_number: null,
      email_verified: true,
      language: intent.language,
      terms_accepted: true,
      newsletter_subscribed: intent.newsletterSubscribed,
      auth_provider: "google",
      google_issuer: identity.issuer,
      google_sub: identity.subject,
    });
    if (!user) throw googleLoginFailed(); // a parallel sign-up of the same address won
    const welcome = welcomeMail(user.language, { name: user.first_name, link: `${appOrigin}${paths.home()}` });
    await mailer.send({ address: user.email, userId: user.id }, user.language, welcome).catch(() => {});
    return user;
  }

  return {
    async resolve(identity: GoogleIdentity, intent: GoogleSignUpIntent): Promise<GoogleAccountOutcome> {
      const known = await users.findUserByGoogleSubject(db, identity.issuer, identity.subject);
      if (known) return { kind: "user", user: known };
      if (!identity.email) throw googleLoginFailed();
      // Only an address Google vouches for may open or join an account.
      if (!identity.emailVerified) throw emailUnverified();
      const byEmail = await users.findUserByEmail(db, identity.email);
      if (byEmail) return { kind: "user", user: await link(byEmail, identity) };
      if (!intent.registration || !intent.termsAccepted) return { kind: "notRegistered" };
      return { kind: "user", user: await create(identity, identity.email, intent) };
    },
  };
}
export type GoogleAccounts = ReturnType<typeof createGoogleAccounts>;
