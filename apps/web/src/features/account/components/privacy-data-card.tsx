import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { errorMessage } from "../../../lib/api-client";
import { useTimedNotice } from "../../../lib/use-timed-notice";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ChevronRightIcon, DownloadIcon, TrashIcon } from "../../../components/ui/page-icons";
import { Card } from "../../../components/ui/page";
import { downloadAccountData } from "../api/account-data";
import styles from "./settings-page.module.css";
import { useApiClient } from "../../../lib/api-client-context";

// The deletion modal (Radix dialog, ≈ 11 KiB gzipped) loads when first opened, like the phone
// code's: settings stays within its 50 KiB budget (decision 012).
const DeleteAccountDialog = lazy(() =>
  import("./delete-account-dialog").then((module) => ({ default: module.DeleteAccountDialog })),
);

const DOWNLOADED_NOTICE_MS = 5_000;

interface Props {
  email: string;
  /** Google accounts have no password: the deletion is confirmed with the typed address. */
  hasPassword: boolean;
  onAccountDeleted: (message: string) => void;
}

/** Settings, "Privacy and data" (decision 021): download everything, or delete the account. */
export function PrivacyDataCard({ email, hasPassword, onAccountDeleted }: Props) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  // Mounted from the first opening on, so closing it gives the focus back to its button.
  const [asked, setAsked] = useState(false);
  const [downloaded, setDownloaded] = useTimedNotice<string>(DOWNLOADED_NOTICE_MS);
  const api = useApiClient();
  const download = useMutation({
    mutationFn: () => downloadAccountData(api),
    onSuccess: () => setDownloaded(t("privacyData.downloaded")),
  });

  return (
    <div className={styles.cards}>
      <Card className={styles.actionCard}>
        <h3 className={styles.cardTitle}>{t("privacyData.downloadTitle")}</h3>
        <p className={styles.cardText}>{t("privacyData.downloadText")}</p>
        <Button
          variant="outline"
          icon={<DownloadIcon size={18} />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          {t("privacyData.download")}
        </Button>
        {download.isError ? <Alert>{errorMessage(download.error, t("privacyData.downloadError"))}</Alert> : null}
        {downloaded ? <Alert tone="success">{downloaded}</Alert> : null}
      </Card>
      <Card className={styles.actionCard}>
        <h3 className={styles.cardTitle}>{t("privacyData.deleteTitle")}</h3>
        <p className={styles.cardText}>{t("privacyData.deleteText")}</p>
        <Button
          variant="danger"
          icon={<TrashIcon size={18} />}
          onClick={() => {
            setAsked(true);
            setDeleting(true);
          }}
        >
          {t("privacyData.delete")}
        </Button>
        <Link to={paths.accountDeletion()} className={styles.moreLink}>
          {t("privacyData.whatHappens")}
          <ChevronRightIcon size={16} />
        </Link>
      </Card>
      {asked ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            open={deleting}
            onOpenChange={setDeleting}
            confirmWith={hasPassword ? "password" : "code"}
            email={email}
            onDeleted={onAccountDeleted}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
