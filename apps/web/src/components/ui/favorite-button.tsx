import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { useFavorites } from "../../lib/favorites-context";
import { paths } from "../../config/paths";
import { HeartIcon } from "./icons";
import styles from "./favorite-button.module.css";

interface Props {
  restaurant: { id: string; name: string };
  /** "overlay" sits on a card's photo; "inline" is a labelled button (detail page). */
  look?: "overlay" | "inline";
}

/**
 * The heart toggle of DESIGN §1. Signed out it is a link to /login that comes back here; signed in
 * a pressed/unpressed button. Nothing is drawn where no favorites provider exists.
 */
export function FavoriteButton({ restaurant, look = "overlay" }: Props) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const location = useLocation();
  if (!favorites) return null;
  const className = `${styles.button} ${styles[look]}`;
  const text = look === "inline";

  if (!favorites.signedIn) {
    return (
      <Link
        // The way back in the URL: the link works before the app runs (decision 038).
        to={paths.login({ next: `${location.pathname}${location.search}` })}
        className={className}
        // Same words on every card: the same place (/login) for the same purpose.
        aria-label={text ? undefined : t("favorites.signInToSave")}
        title={t("favorites.signInToSave")}
      >
        <HeartIcon size={20} />
        {text ? <span>{t("favorites.signInToSave")}</span> : null}
      </Link>
    );
  }

  const saved = favorites.isFavorite(restaurant.id);
  const label = t(saved ? "favorites.removeNamed" : "favorites.addNamed", { name: restaurant.name });
  return (
    <button
      type="button"
      className={`${className} ${saved ? styles.saved : ""}`}
      aria-pressed={saved}
      aria-label={text ? undefined : label}
      title={label}
      onClick={() => favorites.toggle(restaurant)}
    >
      <HeartIcon size={20} fill={saved ? "currentColor" : "none"} />
      {text ? <span>{t(saved ? "favorites.saved" : "favorites.add")}</span> : null}
    </button>
  );
}
