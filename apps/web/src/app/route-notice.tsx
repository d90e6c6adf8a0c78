import { useLocation } from "react-router";
import { Alert } from "../components/ui/alert";
import styles from "./route-notice.module.css";

/** A confirmation carried to the next page in the navigation state (an account deleted, say). */
export interface RouteNoticeState {
  notice: string;
}

const noticeOf = (state: unknown): string | null => {
  const notice = (state as Partial<RouteNoticeState> | null)?.notice;
  return typeof notice === "string" && notice ? notice : null;
};

export function RouteNotice() {
  const notice = noticeOf(useLocation().state);
  if (!notice) return null;
  return (
    <div className={styles.notice}>
      <Alert tone="success">{notice}</Alert>
    </div>
  );
}
