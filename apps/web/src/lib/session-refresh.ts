import type { RefreshTokenResponse } from "@tavolo/shared/auth";
import { storage } from "./storage";

/** Window event fired when a refresh could not save the session; the session provider signs out. */
export const SESSION_EXPIRED_EVENT = "session-expired";

export interface SessionExpiredDetail {
  /** Why, in the user's language (SPEC §8 'Nessun refresh token disponibile', ...). */
  reason: string;
}

const REFRESH_LOCK = "tavolo-session-refresh";

type RotationListener = (previous: string, next: string) => void;
const rotationListeners = new Set<RotationListener>();

/**
 * Told each time a refresh swaps the stored refresh token; the native app keeps its biometric
 * copy of the session current with it (a retired copy would later be taken for a replay).
 */
export function onRefreshTokenRotated(listener: RotationListener): () => void {
  rotationListeners.add(listener);
  return () => rotationListeners.delete(listener);
}

interface Options {
  /** POST /client/refresh-token through a client that never refreshes itself. */
  refresh: (refreshToken: string) => Promise<RefreshTokenResponse>;
  /** True when the server itself refused (a revoked or replayed token), false for network trouble. */
  refused: (error: unknown) => boolean;
  translate: (key: string) => string;
  /** The server's text for a refusal, when it sent one. */
  messageOf: (error: unknown) => string | null;
}

/**
 * The api client's 401 handler (SPEC §7): one refresh shared by every call that failed meanwhile,
 * then each retries once. Refresh tokens rotate and a replayed one revokes the whole session on the
 * server, so two refreshes racing would sign the user out: hence the single flight, within a tab
 * (one shared promise) and across tabs (a Web Lock, then a second look at the stored token).
 */
export function createSessionRefresher({ refresh, refused, translate, messageOf }: Options) {
  let inflight: Promise<boolean> | null = null;

  function expire(reason: string): false {
    storage.clearSession();
    window.dispatchEvent(new CustomEvent<SessionExpiredDetail>(SESSION_EXPIRED_EVENT, { detail: { reason } }));
    return false;
  }

  async function run(usedToken: string): Promise<boolean> {
    // Another tab (same storage) may have refreshed while this one waited for the lock.
    const current = storage.getString("auth_token");
    if (current !== usedToken) return current !== null;
    const refreshToken = storage.getString("refresh_token");
    if (!refreshToken) return expire(translate("session.noRefreshToken"));
    let answer: RefreshTokenResponse;
    try {
      answer = await refresh(refreshToken);
    } catch (error) {
      // Offline or timed out: the session may still be good, so keep it and let the 401 surface.
      if (!refused(error)) return false;
      return expire(messageOf(error) ?? translate("errors.sessionExpired"));
    }
    const accessToken = answer.accessToken ?? answer.token;
    if (!accessToken) return expire(translate("session.noAccessToken"));
    storage.setString("auth_token", accessToken);
    if (answer.refreshToken) {
      storage.setString("refresh_token", answer.refreshToken);
      for (const listener of rotationListeners) listener(refreshToken, answer.refreshToken);
    }
    return true;
  }

  /** `usedToken` is the bearer the failed call carried (null: it carried none). */
  return function onUnauthorized(usedToken: string | null): Promise<boolean> {
    // A call made signed out (a wrong password on /login, say) has no session to refresh.
    if (!usedToken) return Promise.resolve(false);
    const current = storage.getString("auth_token");
    // Its 401 arrived after another call already refreshed: just retry with the new token.
    if (current !== usedToken) return Promise.resolve(current !== null);
    // Tabs share storage but not this promise: a Web Lock (where there is one) queues them too.
    const locks = globalThis.navigator?.locks;
    inflight ??= (locks ? locks.request(REFRESH_LOCK, () => run(usedToken)) : run(usedToken)).finally(() => {
      inflight = null;
    });
    return inflight;
  };
}
