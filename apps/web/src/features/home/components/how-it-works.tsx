import { useTranslation } from "react-i18next";
import styles from "./how-it-works.module.css";

const STEPS = ["search", "choose", "enjoy"] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="how-title">
      <div className={styles.inner}>
        <h2 id="how-title" className={styles.title}>
          {t("home.howTitle")}
        </h2>
        <p className={styles.subtitle}>{t("home.howSubtitle")}</p>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step} className={styles.step}>
              <img
                src={`/images/steps/${step}.svg`}
                alt=""
                width={160}
                height={160}
                loading="lazy"
                className={styles.image}
              />
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{t(`home.steps.${step}.title`)}</h3>
              <p className={styles.stepText}>{t(`home.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
