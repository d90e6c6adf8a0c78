import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { unauthorized } from "../../errors";
import { invalidToken, type AccessTokens } from "./access-tokens";
import { hashToken, newOpaqueToken } from "./secrets";
import * as repo from "./sessions.repository";

const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long a just-rotated refresh token may still be exchanged (once more per replay) without
 * being taken for theft: a lost response or two tabs refreshing together must not sign the diner
 * out. Later replays end the whole family.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

export interface IssuedTokens {
  token: string;
  refreshToken: string;
}

const invalidRefreshToken = () => unauthorized("invalid_refresh_token", "apiErrors.invalidRefreshToken");
const refreshExpiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);

/**
 * Sessions of DESIGN §5: a 15-minute access JWT plus an opaque refresh token, stored hashed and
 * rotated on every use. A session is the refresh-token family; replaying a retired token ends it.
 */
export function createSessionService(db: Kysely<DB>, accessTokens: AccessTokens) {
  return {
    /** Opens a new session for a user who just proved who they are. */
    async open(userId: string): Promise<IssuedTokens> {
      const refreshToken = newOpaqueToken();
      const sessionId = await db.transaction().execute(async (trx) => {
        const familyId = await repo.insertSession(trx, userId);
        await repo.insertRefreshToken(trx, {
          id: randomUUID(),
          familyId,
          tokenHash: hashToken(refreshToken),
          expiresAt: refreshExpiry(),
        });
        return familyId;
      });
      return { token: await accessTokens.sign({ userId, sessionId }), refreshToken };
    },

    /**
     * Swaps a live refresh token for a new pair. A token retired more than the grace period ago
     * revokes its whole family (reuse detection).
     */
    async refresh(refreshToken: string): Promise<IssuedTokens & { userId: string }> {
      const tokenHash = hashToken(refreshToken);
      const successor = newOpaqueToken();
      const successorId = randomUUID();
      const rotated = await db.transaction().execute(async (trx) => {
        const retired =
          (await repo.rotateRefreshToken(trx, tokenHash, successorId)) ??
          // The successor already handed out stays valid: the family simply has one more live token.
          (await repo.findRecentlyRotated(trx, tokenHash, REFRESH_REUSE_GRACE_SECONDS));
        if (!retired) return undefined;
        await repo.insertRefreshToken(trx, {
          id: successorId,
          familyId: retired.family_id,
          tokenHash: hashToken(successor),
          expiresAt: refreshExpiry(),
        });
        return retired;
      });
      if (!rotated) {
        const known = await repo.findRefreshToken(db, tokenHash);
        // Only a rotated token has a successor: someone kept a copy, so nobody in the family is trusted.
        if (known?.replaced_by) await repo.revokeSession(db, known.family_id, "reuse");
        throw invalidRefreshToken();
      }
      const token = await accessTokens.sign({ userId: rotated.user_id, sessionId: rotated.family_id });
      return { token, refreshToken: successor, userId: rotated.user_id };
    },

    /** The token is one a device holds for a session that has not ended (rotated within the grace counts). */
    async holdsLiveToken(refreshToken: unknown): Promise<boolean> {
      if (typeof refreshToken !== "string" || refreshToken.length > 512) return false;
      const known = await repo.findRefreshToken(db, hashToken(refreshToken.trim()));
      return known !== undefined && known.revoked_at === null;
    },

    /** Logout: ends the session named by the refresh token and/or the access token. Idempotent. */
    async close(options: { refreshToken?: string | undefined; sessionId?: string | undefined }): Promise<void> {
      if (options.refreshToken) {
        const known = await repo.findRefreshToken(db, hashToken(options.refreshToken));
        if (known) await repo.revokeSession(db, known.family_id, "logout");
      }
      if (options.sessionId) await repo.revokeSession(db, options.sessionId, "logout");
    },

    closeAllForUser(userId: string, reason: "password_reset" | "account_secured"): Promise<void> {
      return repo.revokeUserSessions(db, userId, reason);
    },

    /** A valid access token whose session is still open: a logout or a reset ends tokens at once. */
    async authenticate(accessToken: string): Promise<{ userId: string; sessionId: string }> {
      const claims = await accessTokens.verify(accessToken);
      if (!(await repo.isSessionOpen(db, claims.sessionId, claims.userId))) throw invalidToken();
      return claims;
    },

    /** The session behind an access token, or null; never throws (logout accepts stale tokens). */
    async sessionOf(accessToken: string): Promise<string | null> {
      return accessTokens.verify(accessToken, { acceptExpired: true }).then(
        (claims) => claims.sessionId,
        () => null,
      );
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
