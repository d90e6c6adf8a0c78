import { useEffect, useState } from "react";
import { Alert } from "../components/ui/alert";
import styles from "./route-notice.module.css";

/**
 * A confirmation for the next page to show (an account deleted, say), kept in memory rather than
 * in the navigation's state: signing out re-renders the protected page's guard, whose own redirect
 * home would replace that state before the notice was read.
 */
let pending: string | null = null;

export function showNoticeOnNextPage(message: string): void {
  pending = message;
}

export function RouteNotice() {
  // Read during render (twice under StrictMode, hence no take-and-clear here), forgotten once shown.
  const [notice] = useState(() => pending);
  useEffect(() => {
    pending = null;
  }, []);
  if (!notice) return null;
  return (
    <div className={styles.notice}>
      <Alert tone="success">{notice}</Alert>
    </div>
  );
}
