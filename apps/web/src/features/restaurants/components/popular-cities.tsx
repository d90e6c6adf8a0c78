import { useTranslation } from "react-i18next";
import { ALL_CATEGORIES, type CategoryFilter } from "@tavolo/shared/categories";
import { paths } from "../../../config/paths";
import { Link } from "react-router";
import { ChipLink } from "../../../components/ui/chip";
import { Skeleton } from "../../../components/ui/spinner";
import { cityLabel, useAllCities } from "../api/get-all-cities";
import styles from "./popular-cities.module.css";

/** Cities with the most restaurants first, as chips that open the search. */
export function PopularCities({
  limit = 10,
  category = ALL_CATEGORIES,
  compact = false,
}: {
  limit?: number;
  category?: CategoryFilter;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const cities = useAllCities();
  if (cities.isError) return null;
  if (cities.isPending) {
    return (
      <div className={styles.list} aria-hidden="true">
        {Array.from({ length: compact ? 5 : 8 }, (_, index) => (
          <Skeleton
            key={index}
            width={compact ? 96 + (index % 3) * 16 : undefined}
            height={compact ? 44 : 84}
            radius={compact ? "999px" : "10px"}
          />
        ))}
      </div>
    );
  }
  const top = [...cities.data].sort((a, b) => b.restaurantCount - a.restaurantCount).slice(0, compact ? 6 : limit);
  return (
    <ul role="list" className={`${styles.list} ${compact ? styles.compact : ""}`}>
      {top.map((city) => {
        const name = cityLabel(city, i18n.resolvedLanguage ?? "it");
        const to = paths.search({ location: name, category: category === ALL_CATEGORIES ? undefined : category });
        return (
          <li key={city.slug}>
            {compact ? (
              <ChipLink to={to} className={styles.pill}>
                {name}
              </ChipLink>
            ) : (
              <Link to={to} className={styles.tile}>
                <span className={styles.name}>{name}</span>
                <span className={styles.region}>{city.region}</span>
                <span className={styles.count}>{t("home.restaurantCount", { count: city.restaurantCount })}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
