import { useState } from "react";
import { Navigate, Outlet, useLocation, type Location } from "react-router";
import { useTranslation } from "react-i18next";
import { paths, sameOriginPath } from "../../../config/paths";
import { useSession, type SessionStatus } from "./session-context";
import styles from "./route-guards.module.css";

/** What a page hands to /login besides its return target (which travels in the URL as `next`). */
export interface ReturnState {
  /** The address to fill in on /login (an existing account met at registration). */
  email?: string;
}

/** The address of the page shown, as a return target. */
export function hereOf(location: Pick<Location, "pathname" | "search" | "hash">): string {
  return `${location.pathname}${location.search}${location.hash}`;
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
    return <Navigate to={paths.login({ next: hereOf(location) })} replace />;
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
    return <Navigate to={returnPathOf(location)} replace />;
  }
  return <Outlet />;
}

/** The address a page handed to /login, if any. */
export function emailOfState(state: unknown): string {
  const email = (state as ReturnState | null)?.email;
  return typeof email === "string" ? email : "";
}

/** The return target of a sign-in step's URL (`?next=`): same-site paths only, else home (decision 038). */
export function nextOf(location: Pick<Location, "search">): string | undefined {
  return sameOriginPath(new URLSearchParams(location.search).get("next"));
}

export function returnPathOf(location: Pick<Location, "search">): string {
  return nextOf(location) ?? paths.home();
}

/**
 * Sign-in and registration links that come back here (decision 038): the return target is in the
 * URL, so the link works as plain HTML, before the app runs or without it. On /login and /register
 * themselves, the target they already carry.
 */
export function useSignInPaths(next?: string): { login: string; register: string } {
  const location = useLocation();
  const onAuthPage = location.pathname === paths.login() || location.pathname === paths.register();
  const target = next ?? (onAuthPage ? nextOf(location) : hereOf(location));
  return { login: paths.login({ next: target }), register: paths.register({ next: target }) };
}
