import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";

/**
 * The mark (logo.svg) with the wordmark set in text, so it stays sharp and translatable-safe. Its
 * classes are global (styles/global.css): index.html paints the same logo before the app loads.
 */
export function Logo({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.home()} className={onDark ? "logo logo-on-dark" : "logo"} aria-label={t("nav.logoHome")}>
      <img src="/logo.svg" alt="" width={36} height={36} className="logo-mark" />
      <span className="logo-word" aria-hidden="true">
        Tavolo
      </span>
    </Link>
  );
}
