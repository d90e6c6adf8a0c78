import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { RestaurantSummary } from "@tavolo/shared/restaurants";
import { DEFAULT_LANGUAGE } from "@tavolo/shared/languages";
import { paths } from "../../../config/paths";
import { Tag } from "../../../components/ui/chip";
import { FavoriteButton } from "../../../components/ui/favorite-button";
import { Skeleton } from "../../../components/ui/spinner";
import { MapPinIcon } from "../../../components/ui/icons";
import { PriceRange, Rating } from "./rating";
import { formatDistance } from "../../../lib/intl-format";
import type { TableQuery } from "../api/table-search";
import styles from "./restaurant-card.module.css";

interface Props {
  restaurant: RestaurantSummary;
  /** Cards in the first screenful load eagerly; the rest wait until scrolled near. */
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** History state for the detail page, e.g. the results URL its back link returns to. */
  linkState?: unknown;
  /** A search for a table: the card's free times, or what to do without one. */
  slots?: ReactNode;
  /** The day, time and party the search asked about: the restaurant's page opens its picker on them. */
  asked?: TableQuery;
}

export function RestaurantCard({ restaurant, eager = false, headingLevel = 3, linkState, slots, asked }: Props) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Under a kilometre in metres (tens of them), beyond in kilometres with one decimal.
  const distanceText = (km: number) =>
    t("search.distance", { distance: formatDistance(km, i18n.resolvedLanguage ?? DEFAULT_LANGUAGE) });
  const image = restaurant.imageUrl || restaurant.image;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {image ? (
          <img
            src={image}
            alt=""
            width={640}
            height={400}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className={styles.image}
          />
        ) : null}
        <span className={styles.type}>{t(`restaurantType.${restaurant.type}`, { defaultValue: restaurant.type })}</span>
        <FavoriteButton restaurant={restaurant} />
      </div>
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <Heading className={styles.name}>
            <Link to={paths.restaurant(restaurant.id, asked)} state={linkState} className={styles.link}>
              {restaurant.name}
            </Link>
          </Heading>
          <Rating value={restaurant.rating} />
        </div>
        <p className={styles.address}>
          <MapPinIcon size={16} />
          <span>{restaurant.address}</span>
        </p>
        {restaurant.distanceKm === undefined ? null : (
          <p className={styles.distance}>{distanceText(restaurant.distanceKm)}</p>
        )}
        <div className={slots ? `${styles.footer} ${styles.footerAbove}` : styles.footer}>
          <ul role="list" className={styles.tags} aria-label={t("restaurant.cuisines")}>
            {restaurant.categories.map((category) => (
              <li key={category}>
                <Tag>{t(`cuisine.${category}`)}</Tag>
              </li>
            ))}
          </ul>
          {restaurant.priceRange ? <PriceRange value={restaurant.priceRange} /> : null}
        </div>
        {slots ? <div className={styles.slots}>{slots}</div> : null}
      </div>
    </article>
  );
}

export function RestaurantCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton className={styles.media} height="auto" radius="0" />
      <div className={styles.body}>
        <Skeleton height={22} width="70%" />
        <Skeleton height={16} width="90%" />
        <Skeleton height={24} width="50%" radius="999px" />
      </div>
    </div>
  );
}
