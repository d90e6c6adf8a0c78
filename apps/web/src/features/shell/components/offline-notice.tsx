import { useTranslation } from "react-i18next";
import { useOffline } from "../../../lib/network-status";
import styles from "./offline-notice.module.css";

/**
 * Offline or on a flaky network (decision 039): a notice under the header, inside the normal shell.
 * The page shown stays; a move to another screen waits for the network and then goes on by itself.
 * The live region is always there, so the change is announced.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useOffline();
  return (
    <div role="status" className={offline ? styles.notice : "visually-hidden"} data-testid="offline-notice">
      {offline ? t("errors.offline") : null}
    </div>
  );
}
