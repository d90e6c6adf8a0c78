import type { ReactNode } from "react";
import styles from "./fact.module.css";

/** One term of a detail screen's <dl> (address, phone, date, seats...): a small caps label with its icon. */
export function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className={styles.term}>
        {icon}
        <span>{label}</span>
      </dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}
