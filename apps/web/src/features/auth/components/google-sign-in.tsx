import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/api-client";
import { browser } from "../../../lib/browser";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { GoogleIcon } from "../../../components/ui/icons";
import { getGoogleStatus, googleRedirectUrl, type GoogleRedirectOptions } from "../api/google";

interface Props {
  label?: string;
  /** Runs first; null stops (the register page checks the terms here). */
  prepare?: () => GoogleRedirectOptions | null;
}

/**
 * "Continue with Google": asks the server whether Google is configured, then leaves for it. A
 * server without Google says so here instead of sending the browser to an error page.
 */
export function GoogleSignIn({ label, prepare = () => ({}) }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const start = async () => {
    const options = prepare();
    if (!options) return;
    setNotice(null);
    setChecking(true);
    try {
      const status = await queryClient.fetchQuery({
        queryKey: ["google-status"],
        queryFn: getGoogleStatus,
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
        {label ?? t("auth.google")}
      </Button>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
    </>
  );
}
