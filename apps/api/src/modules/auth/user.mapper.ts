import type { AuthUser } from "@tavolo/shared/auth";
import type { UserRow } from "./users.repository";

/** The user of SPEC §3 as every account endpoint returns it; never the hash or the Google subject. */
export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    phoneNumber: row.phone_number,
    phoneVerified: row.phone_verified,
    emailVerified: row.email_verified,
    language: row.language,
    termsAccepted: row.terms_accepted,
    newsletterSubscribed: row.newsletter_subscribed,
    authProvider: row.auth_provider,
  };
}
