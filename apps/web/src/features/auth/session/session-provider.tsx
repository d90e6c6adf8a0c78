import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { PROFILE_FETCH_THROTTLE_MS } from "@tavolo/shared/constants";
import type { ApiClient } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";
import { SESSION_EXPIRED_EVENT } from "../../../lib/session-refresh";
import { nativeLoader } from "../../../lib/native-loader";
import { storage, type StoredUser } from "../../../lib/storage";
import { getCurrentUser, getUserProfile } from "../api/get-user-profile";
import { startSession, type InitialSession } from "./app-start";
import {
  PROFILE_UPDATED_EVENT,
  SessionContext,
  SIGNED_IN_EVENT,
  type Session,
  type SessionEnd,
  type SessionStatus,
  type SignInPayload,
} from "./session-context";
import { readStoredSession, storeSession, storeUser } from "./session-storage";
import { initialSessionHint, writeSessionHint } from "../../../lib/session-hint";

interface State {
  status: SessionStatus;
  user: StoredUser | null;
  ended: SessionEnd | null;
}

const signedOut = (ended: SessionEnd | null = null): State => ({ status: "signedOut", user: null, ended });

interface Props {
  children: ReactNode;
  /** The app-start sequence of SPEC §4, through the render's API client; tests hand in their own. */
  resolveInitial?: (api: ApiClient) => Promise<InitialSession>;
  /** Whether this browser holds a session (decision 038): the rendered variant when given, else the cookie. */
  hint?: boolean;
}

export function SessionProvider({ children, resolveInitial = startSession, hint: givenHint }: Props) {
  const api = useApiClient();
  const [state, setState] = useState<State>({ status: "loading", user: null, ended: null });
  const [hint] = useState(() => givenHint ?? initialSessionHint());

  // The hint follows the session, so the next page the server renders picks the right variant.
  useEffect(() => {
    if (state.status !== "loading") writeSessionHint(state.status === "signedIn");
  }, [state.status]);

  const signIn = useCallback((payload: SignInPayload) => {
    storeSession(payload);
    setState({ status: "signedIn", user: payload.user, ended: null });
    window.dispatchEvent(new Event(SIGNED_IN_EVENT));
  }, []);

  /** Stores what the server says about the signed-in user; failures leave the session as it is. */
  const adopt = useCallback(async (load: () => Promise<unknown>): Promise<Error | null> => {
    try {
      const user = storage.parseUser(await load());
      // Signed out, or in as someone else, while the call ran: do not bring that session back.
      if (!user || readStoredSession()?.id !== user.id) return null;
      storeUser(user);
      setState((current) => (current.status === "signedIn" ? { ...current, user: readStoredSession() } : current));
      return null;
    } catch (error) {
      // A refused refresh has already signed out (SESSION_EXPIRED_EVENT); anything else can wait.
      return error instanceof Error ? error : new Error(String(error));
    }
  }, []);

  // SPEC §9: one profile fetch per 10 s, whoever asks (the settings screen, the header's poll).
  const lastProfileFetch = useRef<{ at: number; userId: string; result: Promise<Error | null> } | null>(null);
  const refreshUser = useCallback(async (): Promise<Error | null> => {
    const id = readStoredSession()?.id;
    if (!id) return null;
    const last = lastProfileFetch.current;
    if (last && last.userId === id && Date.now() - last.at < PROFILE_FETCH_THROTTLE_MS) return last.result;
    const result = adopt(async () => (await getUserProfile(api, id, undefined, { fresh: true })).profile);
    lastProfileFetch.current = { at: Date.now(), userId: id, result };
    return result;
  }, [api, adopt]);

  // One start per mount: StrictMode's second effect run must not log in with spent auto-login flags.
  const start = useRef<Promise<InitialSession> | null>(null);
  useEffect(() => {
    let active = true;
    start.current ??= resolveInitial(api);
    void start.current
      .catch((): InitialSession => ({ kind: "none" }))
      .then((initial) => {
        if (!active) return;
        // The first answer re-renders nearly every component of the page (the header, each card's
        // favourite button): as a transition React renders it in slices that yield to the browser,
        // not in one long task right after a server-rendered page hydrates (decision 031).
        startTransition(() => {
          if (initial.kind === "signIn") signIn(initial.session);
          else if (initial.kind === "none") setState(signedOut());
          else {
            setState({ status: "signedIn", user: initial.user, ended: null });
            // A stored session may be stale or revoked: check it without holding up the first paint.
            void adopt(async () => (await getCurrentUser(api)).user);
          }
        });
      });
    return () => {
      active = false;
    };
  }, [api, resolveInitial, signIn, adopt]);

  useEffect(() => {
    // Another tab signing in or out, or the profile screen saving, changes what we show.
    const reread = () =>
      setState((current) => {
        if (current.status === "loading") return current;
        const user = readStoredSession();
        return user ? { status: "signedIn", user, ended: null } : signedOut(current.ended);
      });
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || ["user", "auth_token", "currentUserDisplayInfo"].includes(event.key)) reread();
    };
    const onExpired = () => setState(signedOut("expired"));
    window.addEventListener("storage", onStorage);
    window.addEventListener(PROFILE_UPDATED_EVENT, reread);
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener(PROFILE_UPDATED_EVENT, reread);
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
    };
  }, []);

  const signOut = useCallback(async () => {
    const refreshToken = storage.getString("refresh_token");
    try {
      // Sent while the bearer token is still stored, so the server can revoke this session.
      await api.post("/client/logout", { body: refreshToken ? { refreshToken } : {} });
    } catch {
      // A failed logout call still ends the session here (SPEC §4).
    }
    // Native app: the biometric copy goes too (decision 010). The web has none, and neither
    // downloads that code (kept out of the start chunk) nor waits for it before signing out.
    if (await nativeLoader.load()) {
      await import("./biometric-sign-in")
        .then((module) => module.forgetBiometricSignIn(api))
        .catch((error: unknown) => console.warn("biometric sign-in not cleared", error));
    }
    storage.clearSession();
    setState(signedOut("logout"));
  }, [api]);

  const value = useMemo<Session>(
    () => ({
      ...state,
      showSignedIn: state.status === "signedIn" || (state.status === "loading" && hint),
      signIn,
      signOut,
      refreshUser,
    }),
    [state, hint, signIn, signOut, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
