import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FingerprintIcon } from "../../../components/ui/page-icons";
import type { BiometricPrompt } from "../../../lib/native";
import { canSignInWithBiometrics, signInWithBiometrics } from "../session/biometric-sign-in";
import type { SignInPayload } from "../session/session-context";
import styles from "./forms.module.css";
import { useApiClient } from "../../../lib/api-client-context";

export function useBiometricPrompt(reasonKey: "auth.biometric.promptReason" | "auth.biometric.enableReason") {
  const { t } = useTranslation();
  return (): BiometricPrompt => ({
    title: t("auth.biometric.promptTitle"),
    reason: t(reasonKey),
    cancel: t("auth.biometric.cancel"),
  });
}

/**
 * The biometric button of /login (native app, biometrics enrolled, a session stored on the device;
 * never on the web). A cancelled prompt says nothing; any other failure says auth.biometricFailed.
 */
export function BiometricButton({ onSignedIn }: { onSignedIn: (session: SignInPayload) => void }) {
  const { t } = useTranslation();
  const prompt = useBiometricPrompt("auth.biometric.promptReason");
  const api = useApiClient();
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    void canSignInWithBiometrics().then((available) => active && setShown(available));
    return () => {
      active = false;
    };
  }, []);

  if (!shown && !failed) return null;

  const unlock = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const session = await signInWithBiometrics(api, prompt(), t("auth.incompleteData"));
      if (session) onSignedIn(session);
    } catch (error) {
      console.warn("biometric sign-in failed", error);
      setFailed(true);
      // A stored session the server refused is gone now: so is the button.
      setShown(await canSignInWithBiometrics());
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {failed ? <Alert>{t("auth.biometricFailed")}</Alert> : null}
      {shown ? (
        <Button
          variant="secondary"
          fullWidth
          className={styles.wrap}
          icon={<FingerprintIcon className={styles.icon} />}
          loading={busy}
          onClick={() => void unlock()}
        >
          {t("auth.biometric.button")}
        </Button>
      ) : null}
    </>
  );
}
