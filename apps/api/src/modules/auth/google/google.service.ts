import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { AuthSessionResponse } from "@tavolo/shared/auth";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Language } from "@tavolo/shared/languages";
import type { DB } from "../../../db/schema";
import { AppError } from "../../../errors";
import { consumeActionToken, insertActionToken } from "../action-tokens.repository";
import type { AccountService } from "../accounts.service";
import { hashToken, newOpaqueToken } from "../secrets";
import * as users from "../users.repository";
import type { GoogleAccounts, GoogleSignUpIntent } from "./google-accounts";
import type { AuthorizationChecks, GoogleIdentity, GoogleOidc } from "./google-oidc";

export const STATE_TTL_SECONDS = 10 * 60;
/** The code the web exchanges for tokens: short, single use, so no token ever sits in a URL. */
const EXCHANGE_CODE_TTL_SECONDS = 60;

type PendingSignIn = AuthorizationChecks & GoogleSignUpIntent;

const isPending = (value: unknown): value is PendingSignIn =>
  typeof value === "object" && value !== null && "codeVerifier" in value && "nonce" in value && "state" in value;

/** The Google sign-in flows of SPEC §7 on top of OpenID Connect (DESIGN §1, §5). */
export function createGoogleService(options: {
  db: Kysely<DB>;
  oidc: GoogleOidc;
  accounts: GoogleAccounts;
  signIn: AccountService["signIn"];
  appOrigin: string;
  log: FastifyBaseLogger;
}) {
  const { db, oidc, accounts, signIn, appOrigin, log } = options;
  const webCallback = (params: Record<string, string>) =>
    `${appOrigin}/auth/google/callback?${new URLSearchParams(params)}`;

  /** Back to /register with what the form needs to explain and prefill (SPEC §2). */
  function registerRedirect(identity: GoogleIdentity, language: Language): string {
    const params = new URLSearchParams({
      error: translateShared(language, "apiErrors.googleNotRegistered"),
      type: "notRegistered",
      code: "ACCOUNT_NOT_REGISTERED",
      email: identity.email ?? "",
      name: identity.name,
      showError: "true",
    });
    return `${appOrigin}/register?${params}`;
  }

  return {
    /** Starts a sign-in: the secrets stay in a 10-minute row keyed by the state's hash. */
    async start(intent: GoogleSignUpIntent): Promise<{ url: URL; state: string }> {
      const checks = oidc.newChecks();
      const url = await oidc.authorizationUrl(checks);
      const pending: PendingSignIn = { ...checks, ...intent };
      await insertActionToken(db, {
        tokenHash: hashToken(checks.state),
        purpose: "google_state",
        userId: null,
        payload: pending,
        lifetimeSeconds: STATE_TTL_SECONDS,
      });
      return { url, state: checks.state };
    },

    /**
     * Google sent the browser back. The state must match the cookie set on this browser at start
     * (login CSRF) and an unused row. Always answers with where to send the browser next.
     */
    async finish(callbackUrl: URL, cookieState: string | null, language: Language): Promise<string> {
      const state = callbackUrl.searchParams.get("state");
      const failed = (key = "apiErrors.googleLoginFailed") => webCallback({ message: translateShared(language, key) });
      if (!state || state !== cookieState || callbackUrl.searchParams.has("error")) return failed();
      const used = await consumeActionToken(db, { tokenHash: hashToken(state), purpose: "google_state" });
      if (!isPending(used?.payload)) return failed();
      const pending = used.payload;
      try {
        const identity = await oidc.exchange(callbackUrl, pending);
        const outcome = await accounts.resolve(identity, pending);
        if (outcome.kind === "notRegistered") return registerRedirect(identity, pending.language);
        const code = newOpaqueToken();
        await insertActionToken(db, {
          tokenHash: hashToken(code),
          purpose: "google_exchange",
          userId: outcome.user.id,
          lifetimeSeconds: EXCHANGE_CODE_TTL_SECONDS,
        });
        return webCallback({ code });
      } catch (error) {
        log.warn({ err: error }, "Google sign-in failed");
        return failed(error instanceof AppError ? error.messageKey : undefined);
      }
    },

    /** POST /auth/google/code: the one-time code for a session. */
    async exchangeCode(code: string): Promise<AuthSessionResponse> {
      const used = await consumeActionToken(db, { tokenHash: hashToken(code), purpose: "google_exchange" });
      const user = used?.user_id ? await users.findUserById(db, used.user_id) : undefined;
      if (!user) throw new AppError(400, "google_code_invalid", "apiErrors.googleCodeInvalid");
      return signIn(user);
    },

    /** POST /client/auth/google: the native plugin's ID token, same account rules as the web flow. */
    async signInWithIdToken(idToken: string, intent: GoogleSignUpIntent): Promise<AuthSessionResponse> {
      const identity = await oidc.verifyIdToken(idToken).catch((error: unknown) => {
        log.info({ err: error }, "Google ID token refused");
        throw new AppError(401, "invalid_id_token", "apiErrors.invalidToken");
      });
      const outcome = await accounts.resolve(identity, intent);
      if (outcome.kind === "notRegistered") {
        throw new AppError(
          404,
          "ACCOUNT_NOT_REGISTERED",
          "apiErrors.googleNotRegistered",
          {},
          { type: "notRegistered", email: identity.email, name: identity.name },
        );
      }
      return signIn(outcome.user);
    },
  };
}
export type GoogleService = ReturnType<typeof createGoogleService>;
