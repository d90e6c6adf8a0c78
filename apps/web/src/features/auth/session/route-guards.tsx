import { useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { useSession, type SessionStatus } from "./session-context";
import styles from "./route-guards.module.css";

/** Where /login returns after signing in; kept in history state so it survives the redirect. */
export interface ReturnState {
  from?: string;
  /** The address to fill in on /login (an existing account met at registration). */
  email?: string;
}

function SessionLoading() {
  const { t } = useTranslation();
  return (
    <p className={styles.loading} role="status">
      {t("common.loading")}
    </p>
  );
}

export function RequireAuth() {
  const { status, ended } = useSession();
  const location = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(status === "signedIn");
  if (!wasSignedIn && status === "signedIn") setWasSignedIn(true);
  if (status === "loading") return <SessionLoading />;
  // Logging out here lands on home (SPEC §4), not on /login; a visitor arriving goes to /login.
  if (status === "signedOut" && wasSignedIn && ended === "logout") return <Navigate to={paths.home()} replace />;
  if (status === "signedOut") {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.login()} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * /login and /register send away who arrives signed in. Signing in on the page itself is left to
 * the page, which knows where to go next (back to `from`, or on to e-mail verification).
 */
export function RedirectIfSignedIn() {
  const { status } = useSession();
  const location = useLocation();
  // The status the visitor arrived with, once known (adjusting state during render, not in an effect).
  const [arrival, setArrival] = useState<SessionStatus>(status);
  if (arrival === "loading" && status !== "loading") setArrival(status);
  if (status === "loading") return <SessionLoading />;
  if (arrival === "signedIn" && status === "signedIn") {
    return <Navigate to={safeReturnPath(location.state)} replace />;
  }
  return <Outlet />;
}

/** The address a page handed to /login, if any. */
export function emailOfState(state: unknown): string {
  const email = (state as ReturnState | null)?.email;
  return typeof email === "string" ? email : "";
}

/** Only same-site paths are followed after login, so `from` cannot send users elsewhere. */
export function safeReturnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : paths.home();
}
