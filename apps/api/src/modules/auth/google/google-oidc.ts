import * as client from "openid-client";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";

/** Who Google says signed in. Users are keyed by issuer + subject (DESIGN §5), never by e-mail alone. */
export interface GoogleIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  name: string;
  /** When the person last signed in at the provider (`auth_time`, seconds), when the token says. */
  authTime: number | null;
}

export interface GoogleSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Our callback, built from APP_ORIGIN. */
  redirectUri: string;
}

/** Per-attempt secrets kept server-side between the redirect and the callback. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function identityOf(issuer: string, claims: JWTPayload): GoogleIdentity {
  if (typeof claims.sub !== "string" || !claims.sub) throw new Error("ID token without a subject");
  const email = text(claims.email);
  return {
    issuer,
    subject: claims.sub,
    email: email || null,
    // Old Google tokens carry the flag as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    givenName: text(claims.given_name).slice(0, 60),
    familyName: text(claims.family_name).slice(0, 60),
    name: text(claims.name).slice(0, 60),
    authTime: typeof claims.auth_time === "number" && Number.isFinite(claims.auth_time) ? claims.auth_time : null,
  };
}

/**
 * A provider that does not answer within this many seconds is treated as down (decision 018): the
 * diner is told to retry rather than left waiting for openid-client's default 30 s.
 */
export const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * prompt=select_account lets a diner with several accounts pick one, but a strict provider refuses
 * a prompt value it does not support (OIDC Core §3.1.2.6). It is sent only when discovery lists it,
 * or to Google, which documents the value but publishes no prompt_values_supported (decision 018).
 */
const ACCOUNT_CHOOSER_WITHOUT_DISCOVERY = new Set(["https://accounts.google.com"]);

function accountChooserPrompt(metadata: client.ServerMetadata): { prompt?: string } {
  const listed = metadata.prompt_values_supported;
  const supported = Array.isArray(listed) && listed.includes("select_account");
  return supported || ACCOUNT_CHOOSER_WITHOUT_DISCOVERY.has(metadata.issuer) ? { prompt: "select_account" } : {};
}

const PROFILE_CLAIMS = ["email", "email_verified", "name", "given_name", "family_name"] as const;

/** OIDC Core §5.4: a provider may return scope claims from UserInfo only, never in the ID token. */
const lacksProfileClaims = (claims: JWTPayload) => PROFILE_CLAIMS.some((claim) => claims[claim] === undefined);

/** OIDC Core §3.1.3.7: a token issued to several audiences must name us as the party it was for. */
function assertAuthorizedParty(claims: JWTPayload, clientId: string): void {
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== clientId) {
    throw new Error(`ID token for several audiences with azp ${String(claims.azp)}, not our client id`);
  }
}

/** Plain HTTP is tolerated only for an issuer on this machine (the test and development mock). */
function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/**
 * OpenID Connect against Google (or any issuer): authorization code flow with PKCE, state and nonce
 * through openid-client, and ID tokens from the native plugin verified against the issuer's JWKS.
 */
export function createGoogleOidc(settings: GoogleSettings) {
  let configuration: Promise<client.Configuration> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  // Discovered on first use and kept; a failed discovery is retried on the next attempt.
  function discover(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(isLoopbackHttp(settings.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    newChecks(): AuthorizationChecks {
      return {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
    },

    async authorizationUrl(checks: AuthorizationChecks): Promise<URL> {
      const config = await discover();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: "openid email profile",
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
        ...accountChooserPrompt(config.serverMetadata()),
      });
    },

    /**
     * Redeems the authorization code; openid-client checks state, nonce, PKCE and the ID token (with
     * azp when it has several audiences). Claims the ID token lacks are read from UserInfo.
     */
    async exchange(callbackUrl: URL, checks: AuthorizationChecks): Promise<GoogleIdentity> {
      const config = await discover();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("token response without an ID token");
      const issuer = config.serverMetadata().issuer;
      if (!lacksProfileClaims(claims) || !config.serverMetadata().userinfo_endpoint) return identityOf(issuer, claims);
      // openid-client checks that UserInfo speaks of the ID token's subject; the signed claims win.
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      return identityOf(issuer, { ...userInfo, ...claims });
    },

    /** An ID token obtained by the native Google plugin, for our client id. */
    async verifyIdToken(idToken: string): Promise<GoogleIdentity> {
      const metadata = (await discover()).serverMetadata();
      if (!metadata.jwks_uri) throw new Error("issuer without jwks_uri");
      jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: PROVIDER_TIMEOUT_SECONDS * 1000 });
      const { payload } = await jwtVerify(idToken, jwks, {
        // Google writes its issuer with or without the scheme.
        issuer: [metadata.issuer, metadata.issuer.replace(/^https:\/\//, "")],
        audience: settings.clientId,
        algorithms: ["RS256", "ES256", "PS256"],
        requiredClaims: ["sub", "exp", "iat"],
      });
      assertAuthorizedParty(payload, settings.clientId);
      return identityOf(metadata.issuer, payload);
    },
  };
}
export type GoogleOidc = ReturnType<typeof createGoogleOidc>;
