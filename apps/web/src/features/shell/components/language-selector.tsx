import { useTranslation } from "react-i18next";
import { LANGUAGES, matchLanguage, DEFAULT_LANGUAGE } from "@tavolo/shared/languages";
import styles from "./language-selector.module.css";

/**
 * it/en switch. i18next's detector caches the choice in localStorage (`i18nextLng`) and i18n.ts
 * keeps <html lang> in step, so this only asks for the change.
 */
export function LanguageSelector({ tone = "default" }: { tone?: "default" | "wide" }) {
  const { t, i18n } = useTranslation();
  const current = matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <div
      role="group"
      aria-label={t("language.label")}
      className={`${styles.group} ${tone === "wide" ? styles.wide : ""}`}
    >
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={styles.option}
          aria-pressed={current === lng}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          <span aria-hidden="true">{lng.toUpperCase()}</span>
          <span className="visually-hidden">{t(`language.${lng}`)}</span>
          {tone === "wide" ? (
            <span aria-hidden="true" className={styles.full}>
              {t(`language.${lng}`)}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
