import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { enableBiometricSignIn } from "../session/biometric-sign-in";
import { useBiometricPrompt } from "./biometric-button";
import styles from "./forms.module.css";
import { useApiClient } from "../../../lib/api-client-context";

interface Props {
  /** The credentials just used, for the device's own session; dropped when the dialog closes. */
  credentials: { email: string; password: string };
  /** Called once the user has decided (or enabling is over): the login page moves on. */
  onDone: () => void;
}

/** After a password login in the native app: "sign in with your face or finger next time?" */
export function BiometricOffer({ credentials, onDone }: Props) {
  const { t } = useTranslation();
  const prompt = useBiometricPrompt("auth.biometric.enableReason");
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const enable = async () => {
    setBusy(true);
    setFailed(false);
    const outcome = await enableBiometricSignIn(api, credentials, prompt());
    setBusy(false);
    if (outcome === "enabled") onDone();
    // Cancelled: the offer stays, to try again or say not now.
    else if (outcome === "failed") setFailed(true);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onDone()}
      title={t("auth.biometric.offerTitle")}
      description={t("auth.biometric.offerText")}
    >
      <div className={styles.stack}>
        {failed ? <Alert>{t("auth.biometric.enableFailed")}</Alert> : null}
        <div className={styles.actions}>
          {failed ? null : (
            <Button size="lg" fullWidth loading={busy} onClick={() => void enable()}>
              {t("auth.biometric.enable")}
            </Button>
          )}
          <Button variant="outline" size="lg" fullWidth disabled={busy} onClick={onDone}>
            {t("auth.biometric.notNow")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
