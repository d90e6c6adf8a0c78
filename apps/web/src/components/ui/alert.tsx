import type { ReactNode } from "react";
import { AlertIcon, CheckIcon } from "./icons";
import styles from "./alert.module.css";

/** Inline message for forms: errors are announced (role=alert), successes politely (role=status). */
export function Alert({
  tone = "error",
  children,
}: {
  tone?: "error" | "success" | "info" | "warning";
  children: ReactNode;
}) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === "error" ? "alert" : "status"}>
      <span className={styles.icon}>{tone === "success" ? <CheckIcon size={18} /> : <AlertIcon size={18} />}</span>
      <div>{children}</div>
    </div>
  );
}
