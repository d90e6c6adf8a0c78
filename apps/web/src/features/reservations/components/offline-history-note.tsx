import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { dateFormat } from "../../../lib/intl-format";
import styles from "./history-page.module.css";

/**
 * Offline on /history (decision 046): the bookings are as of the last sync, shown as such, and
 * nothing can be booked or changed until the network is back.
 */
export function OfflineHistoryNote({ id, asOf }: { id: string; asOf: number | null }) {
  const { t, i18n } = useTranslation();
  const when =
    asOf === null
      ? null
      : dateFormat(i18n.resolvedLanguage ?? "it", {
          day: "numeric",
          month: "long",
          hour: "2-digit",
          minute: "2-digit",
        }).format(new Date(asOf));
  return (
    <div className={styles.banner} id={id} role="status">
      <Alert tone="warning">
        {when ? <p>{t("history.offlineAsOf", { when })}</p> : null}
        <p>{t("history.offlineReadOnly")}</p>
      </Alert>
    </div>
  );
}
