import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import styles from "./auth-layout.module.css";

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  art?: string;
}

/** Auth screens: a focused card, with the brand art beside it on wide screens. */
export function AuthLayout({ title, subtitle, children, footer, art = "/images/hero.svg" }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <img src={art} alt="" width={560} height={460} className={styles.art} />
        <p className={styles.quote}>{t("auth.sideQuote")}</p>
      </div>
      <div className={styles.cardWrap}>
        <div className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          <div className={styles.body}>{children}</div>
        </div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>
  );
}

export function Divider({ children }: { children: ReactNode }) {
  return (
    <div className={styles.divider} role="separator">
      <span>{children}</span>
    </div>
  );
}
