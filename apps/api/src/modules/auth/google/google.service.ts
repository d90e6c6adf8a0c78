import { paths } from "@tavolo/shared/app-paths";
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
import { describeProviderError, providerOutageCause } from "./provider-outage";

export const STATE_TTL_SECONDS = 10 * 60;
/** The code the web exchanges for tokens: short, single use, so no token ever sits in a URL. */
const EXCHANGE_CODE_TTL_SECONDS = 60;
/** How long a native app is asked to wait after the provider could not be reached. */
const PROVIDER_RETRY_AFTER_SECONDS = 30;

/** Why a sign-in was refused, named in the warning each refusal logs (decision 018). */
type RefusalReason =
  | "provider_error"
  | "discovery_failed"
  | "state_mismatch"
  | "state_unknown"
  | "provider_unreachable"
  | "token_exchange_failed"
  | "account_refused";

const providerUnavailable = () =>
  new AppError(
    503,
    "google_unavailable",
    "apiErrors.googleUnavailable",
    {},
    { retryAfter: PROVIDER_RETRY_AFTER_SECONDS },
  );

type PendingSignIn = AuthorizationChecks & GoogleSignUpIntent;

interface Refusal {
  reason: RefusalReason;
  /** The cause in words, for the operator. */
  detail: string;
  /** What the diner reads; the generic failure when unset. */
  key?: string;
}

/** A provider out of reach is said so (retry later); any other failure keeps `reason`. */
function refusalOf(error: unknown, reason: RefusalReason): Refusal {
  const outage = providerOutageCause(error);
  if (outage) return { reason: "provider_unreachable", detail: outage, key: "apiErrors.googleUnavailable" };
  return { reason, detail: describeProviderError(error) };
}

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
    `${appOrigin}${paths.googleCallback()}?${new URLSearchParams(params)}`;

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
    return `${appOrigin}${paths.register()}?${params}`;
  }

  /** The web's sign-in failure page, after a warning that names the cause. */
  function refused(language: Language, refusal: Refusal, error?: unknown): string {
    log.warn(
      // The detail may come from the callback's query string: bounded, and pino escapes it.
      { reason: refusal.reason, cause: refusal.detail.slice(0, 300), ...(error ? { err: error } : {}) },
      `OpenID sign-in failed (${refusal.reason}): ${refusal.detail.slice(0, 300)}`,
    );
    return webCallback({ message: translateShared(language, refusal.key ?? "apiErrors.googleLoginFailed") });
  }

  return {
    /**
     * Starts a sign-in: the secrets stay in a 10-minute row keyed by the state's hash. Answers with
     * where to send the browser: the provider, or the web's failure page when it cannot be reached.
     */
    async start(intent: GoogleSignUpIntent): Promise<{ next: string; state?: string }> {
      const checks = oidc.newChecks();
      let url: URL;
      try {
        url = await oidc.authorizationUrl(checks);
      } catch (error) {
        return { next: refused(intent.language, refusalOf(error, "discovery_failed"), error) };
      }
      const pending: PendingSignIn = { ...checks, ...intent };
      await insertActionToken(db, {
        tokenHash: hashToken(checks.state),
        purpose: "google_state",
        userId: null,
        payload: pending,
        lifetimeSeconds: STATE_TTL_SECONDS,
      });
      return { next: url.href, state: checks.state };
    },

    /**
     * The provider sent the browser back. The state must match the cookie set on this browser at
     * start (login CSRF) and an unused row. Always answers with where to send the browser next;
     * every refusal is logged with its reason.
     */
    async finish(callbackUrl: URL, cookieState: string | null, language: Language): Promise<string> {
      const params = callbackUrl.searchParams;
      const state = params.get("state");
      const providerError = params.get("error");
      if (providerError !== null) {
        // OAuth 2.0 §4.1.2.1: temporarily_unavailable is the provider saying it is down.
        const description = params.get("error_description");
        return refused(language, {
          reason: "provider_error",
          detail: description ? `${providerError}: ${description}` : providerError,
          key: providerError === "temporarily_unavailable" ? "apiErrors.googleUnavailable" : undefined,
        });
      }
      if (!state || state !== cookieState) {
        const detail = !state
          ? "no state"
          : cookieState
            ? "state differs from this browser's cookie"
            : "no state cookie";
        return refused(language, { reason: "state_mismatch", detail });
      }
      const used = await consumeActionToken(db, { tokenHash: hashToken(state), purpose: "google_state" });
      if (!isPending(used?.payload)) {
        return refused(language, { reason: "state_unknown", detail: "state unknown, expired or already used" });
      }
      const pending = used.payload;
      let identity: GoogleIdentity;
      try {
        identity = await oidc.exchange(callbackUrl, pending);
      } catch (error) {
        return refused(pending.language, refusalOf(error, "token_exchange_failed"), error);
      }
      try {
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
        const refusal: Refusal =
          error instanceof AppError
            ? { reason: "account_refused", detail: error.code, key: error.messageKey }
            : { reason: "account_refused", detail: describeProviderError(error) };
        return refused(pending.language, refusal, error instanceof AppError ? undefined : error);
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
        const outage = providerOutageCause(error);
        if (outage) {
          log.warn({ reason: "provider_unreachable", cause: outage }, `OpenID provider unreachable: ${outage}`);
          throw providerUnavailable();
        }
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
