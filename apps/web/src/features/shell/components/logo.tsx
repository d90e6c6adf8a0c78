import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import styles from "./logo.module.css";

/** The mark (logo.svg) with the wordmark set in text, so it stays sharp and translatable-safe. */
export function Logo({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.home()} className={`${styles.logo} ${onDark ? styles.onDark : ""}`} aria-label={t("nav.logoHome")}>
      <img src="/logo.svg" alt="" width={36} height={36} className={styles.mark} />
      <span className={styles.word} aria-hidden="true">
        Tavolo
      </span>
    </Link>
  );
}
