import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { EMAIL_VERIFIED_REDIRECT_MS } from "@tavolo/shared/constants";
import { errorMessage } from "../../../lib/api-client";
import { toSession } from "../api/login";
import { loginWithToken } from "../api/login-with-token";
import type { LoginTokenResponse } from "@tavolo/shared/auth";
import { useSession } from "../session/session-context";
import { returnPathOf } from "../session/route-guards";
import { useApiClient } from "../../../lib/api-client-context";

/**
 * SPEC §4: otp_input → verifying → success | error → redirecting (home after 1.5 s, or the page the
 * diner was booking when they registered: the URL's `next`, decision 038).
 */
export type VerifyPhase = "otp_input" | "verifying" | "success" | "error" | "redirecting";

export interface VerifyState {
  phase: VerifyPhase;
  /** The error's text, or null. */
  message: string | null;
  /** The error came from a typed code: the form stays, to try again. */
  fromCode: boolean;
}

export function useVerificationFlow(initial: VerifyState) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const api = useApiClient();
  const [state, setState] = useState<VerifyState>(initial);
  const target = returnPathOf(useLocation());

  useEffect(() => {
    if (state.phase !== "redirecting") return;
    const timer = setTimeout(() => void navigate(target, { replace: true }), EMAIL_VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.phase, navigate, target]);

  /** The one-time login token that verification hands out signs the user in. */
  async function signInWith(email: string, loginToken: string) {
    setState({ phase: "verifying", message: null, fromCode: false });
    try {
      const already = session.status === "signedIn" && session.user?.email.toLowerCase() === email.toLowerCase();
      // Registering signed them in already: that session only needs the verified flag.
      if (already) await session.refreshUser();
      else session.signIn(toSession(await loginWithToken(api, { email, token: loginToken }), t("auth.incompleteData")));
      setState({ phase: "redirecting", message: null, fromCode: false });
    } catch {
      // The address is verified all the same; signing in by hand still works.
      setState({ phase: "success", message: null, fromCode: false });
    }
  }

  async function verify(email: string, request: () => Promise<LoginTokenResponse>, fromCode: boolean) {
    setState({ phase: "verifying", message: null, fromCode });
    try {
      const response = await request();
      if (response.loginToken) await signInWith(email, response.loginToken);
      else setState({ phase: "success", message: null, fromCode });
    } catch (error) {
      setState({ phase: "error", message: errorMessage(error, t("verify.failed")), fromCode });
    }
  }

  return { state, verify, signInWith };
}
