import { useTranslation } from "react-i18next";
import { StarIcon } from "../../../components/ui/page-icons";
import styles from "./rating.module.css";
import { numberFormat } from "../../../lib/intl-format";

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

export function Rating({ value, size = "md" }: { value: number; size?: "md" | "lg" }) {
  const { t, i18n } = useTranslation();
  const text = numberFormat(i18n.resolvedLanguage ?? "it", ONE_DECIMAL).format(value);
  return (
    <span className={`${styles.rating} ${styles[size]}`}>
      <StarIcon size={size === "lg" ? 20 : 16} className={styles.star} />
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{t("restaurant.rating", { rating: text })}</span>
    </span>
  );
}

/** "€€" style price band (1 to 4). */
export function PriceRange({ value }: { value: number }) {
  const { t } = useTranslation();
  const level = Math.min(4, Math.max(1, Math.round(value)));
  return (
    <span className={styles.price} title={t("restaurant.priceRange", { count: level })}>
      <span aria-hidden="true">
        {"€".repeat(level)}
        <span className={styles.priceRest}>{"€".repeat(4 - level)}</span>
      </span>
      <span className="visually-hidden">{t("restaurant.priceRange", { count: level })}</span>
    </span>
  );
}
