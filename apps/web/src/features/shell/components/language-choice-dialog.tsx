import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "@tavolo/shared/languages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { readStoredUser } from "../../auth/session/session-storage";
import { saveLanguage } from "./use-language-sync";
import styles from "./language-choice-dialog.module.css";
import { useApiClient } from "../../../lib/api-client-context";

interface Props {
  /** The language the app is in (picked before signing in). */
  app: Language;
  /** The account's, which mails and texts follow. */
  account: Language;
  onClose: () => void;
}

/**
 * After a sign-in in a language other than the account's (decision 036): keep the app's language
 * for the account too (stored as a switch while signed in is), or put the app in the account's.
 * Closing keeps both as they are.
 */
export function LanguageChoiceDialog({ app, account, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const api = useApiClient();
  const names = { app: t(`language.${app}`), account: t(`language.${account}`) };

  const keepAppLanguage = async () => {
    const user = readStoredUser();
    if (!user) return onClose();
    setSaving(true);
    setFailed(false);
    try {
      await saveLanguage(api, user, app);
      onClose();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const takeAccountLanguage = () => {
    void i18n.changeLanguage(account);
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || saving ? undefined : onClose())}
      title={t("languageChoice.title")}
      description={t("languageChoice.lead", names)}
    >
      <div className={styles.actions}>
        {failed ? <Alert>{t("languageChoice.saveError")}</Alert> : null}
        <Button onClick={() => void keepAppLanguage()} loading={saving} fullWidth>
          {t("languageChoice.useApp", names)}
        </Button>
        <Button variant="outline" onClick={takeAccountLanguage} disabled={saving} fullWidth>
          {t("languageChoice.useAccount", names)}
        </Button>
      </div>
    </Dialog>
  );
}
