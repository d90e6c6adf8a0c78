import { errors, jwtVerify, SignJWT } from "jose";
import { unauthorized } from "../../errors";

/** RFC 9068's type for access tokens: a token of any other kind is refused even if correctly signed. */
const TOKEN_TYPE = "at+jwt";
const AUDIENCE = "tavolo-api";
const ALGORITHM = "HS256";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** As long as a refresh token lives: a session that old may still be closed with its last access token. */
const LOGOUT_GRACE_SECONDS = 30 * 24 * 60 * 60;

export interface AccessClaims {
  userId: string;
  /** The session (refresh-token family) the token was issued for; revoking it ends the token too. */
  sessionId: string;
}

export const invalidToken = () => unauthorized("invalid_token", "apiErrors.invalidToken");

export function createAccessTokens(options: { secret: string; issuer: string }) {
  // Imported once: handed the secret's bytes, jose imports them as a key again for every signature
  // and every check, half of a check's CPU (decision 068).
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(options.secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  return {
    async sign({ userId, sessionId }: AccessClaims): Promise<string> {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
        .setSubject(userId)
        .setIssuer(options.issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(await key);
    },

    /**
     * Signature, algorithm allow-list, type, issuer, audience and expiry; 401 otherwise.
     * `acceptExpired` is for logout only: a stale but genuine token may still end its session.
     */
    async verify(token: string, how: { acceptExpired?: boolean } = {}): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          ...(how.acceptExpired ? { clockTolerance: LOGOUT_GRACE_SECONDS } : {}),
          algorithms: [ALGORITHM],
          typ: TOKEN_TYPE,
          issuer: options.issuer,
          audience: AUDIENCE,
          requiredClaims: ["sub", "sid", "exp"],
        });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") throw invalidToken();
        return { userId: payload.sub, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized("token_expired", "apiErrors.tokenExpired");
        throw invalidToken();
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
