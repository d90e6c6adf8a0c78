import type { ReactNode } from "react";
import styles from "./home-section.module.css";

/** A titled band of the home page with a consistent rhythm. */
export function HomeSection({
  id,
  title,
  subtitle,
  action,
  children,
  tone = "plain",
}: {
  id: string;
  title: string;
  subtitle?: string;
  action?: ReactNode;
  children: ReactNode;
  tone?: "plain" | "tinted";
}) {
  return (
    <section className={`${styles.section} ${styles[tone]}`} aria-labelledby={id}>
      <div className={styles.inner}>
        <div className={styles.head}>
          <div>
            <h2 id={id} className={styles.title}>
              {title}
            </h2>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}
