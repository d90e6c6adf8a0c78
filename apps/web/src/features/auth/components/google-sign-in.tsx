import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SIGN_IN_PROVIDER_NAME } from "../../../config/env";
import { errorMessage } from "../../../lib/api-client";
import { browser } from "../../../lib/browser";
import type { NativeBridge } from "../../../lib/native";
import { nativeLoader } from "../../../lib/native-loader";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { GoogleIcon } from "../../../components/ui/icons";
import { getGoogleStatus, googleRedirectUrl, type GoogleRedirectOptions } from "../api/google";
import { signInErrorMessage } from "../api/login";
import { signInWithNativeGoogle } from "../session/native-google";
import { returnPathOf } from "../session/route-guards";
import { useSession } from "../session/session-context";
import { useApiClient } from "../../../lib/api-client-context";

interface Props {
  /** "Continua con …" (sign-in) or "Registrati con …" (sign-up); either names the configured provider. */
  labelKey?: "auth.google" | "register.google";
  /** Runs first; null stops (the register page checks the terms here). */
  prepare?: () => GoogleRedirectOptions | null;
}

/**
 * "Continue with Google": asks the server whether Google is configured, then leaves for it. A
 * server without Google says so here instead of sending the browser to an error page. Inside the
 * native app the plugin's account picker is used instead, and its ID token signs in here.
 */
export function GoogleSignIn({ labelKey = "auth.google", prepare = () => ({}) }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const api = useApiClient();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const startNative = async (bridge: NativeBridge, options: GoogleRedirectOptions) => {
    try {
      const result = await signInWithNativeGoogle(api, bridge, options, t("auth.incompleteData"));
      if (result.kind === "signedIn") {
        signIn(result.session);
        void navigate(returnPathOf(location), { replace: true });
      } else if (result.kind === "notRegistered") void navigate(result.registerPath);
      else if (result.kind === "notConfigured") setNotice(t("auth.googleNotConfigured"));
    } catch (error) {
      console.warn("native Google sign-in failed", error);
      setNotice(signInErrorMessage(error, t("auth.googleLoginFailed")));
    }
  };

  const start = async () => {
    const options = prepare();
    if (!options) return;
    setNotice(null);
    setChecking(true);
    try {
      const bridge = await nativeLoader.load();
      if (bridge) return await startNative(bridge, options);
      const status = await queryClient.fetchQuery({
        queryKey: ["google-status"],
        queryFn: () => getGoogleStatus(api),
        staleTime: 5 * 60_000,
      });
      if (status.configured) browser.assign(googleRedirectUrl(options));
      else setNotice(t("auth.googleNotConfigured"));
    } catch (error) {
      setNotice(errorMessage(error, t("auth.googleLoginFailed")));
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Button variant="outline" fullWidth icon={<GoogleIcon />} loading={checking} onClick={() => void start()}>
        {t(labelKey, { provider: SIGN_IN_PROVIDER_NAME })}
      </Button>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
    </>
  );
}
