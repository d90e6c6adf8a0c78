import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { HOME_HERO_IMAGE } from "@tavolo/shared/app-paths";
import styles from "./hero.module.css";

/** Home hero over the night-street art; the search form comes from the restaurants feature as `children`. */
export function Hero({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.art} aria-hidden="true">
        <img src={HOME_HERO_IMAGE} alt="" width={1440} height={720} className={styles.image} fetchPriority="high" />
      </div>
      <div className={styles.inner}>
        <p className={styles.eyebrow}>{t("home.eyebrow")}</p>
        <h1 id="hero-title" className={styles.title}>
          {t("home.heroTitle")}
        </h1>
        <p className={styles.subtitle}>{t("home.heroSubtitle")}</p>
        <div className={styles.form}>{children}</div>
      </div>
    </section>
  );
}
