import type { ReactNode } from "react";
import styles from "./page.module.css";

/** Standard page frame: a container, an h1 and an optional lead, for the simpler screens. */
export function Page({
  title,
  lead,
  icon,
  width = "md",
  children,
  actions,
}: {
  title: string;
  lead?: ReactNode;
  icon?: ReactNode;
  width?: "sm" | "md" | "lg";
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={`${styles.page} ${styles[width]}`}>
      <header className={styles.header}>
        {icon ? <span className={styles.icon}>{icon}</span> : null}
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={[styles.card, className].filter(Boolean).join(" ")}>{children}</div>;
}
