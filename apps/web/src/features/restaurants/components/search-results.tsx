import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { ALL_CATEGORIES, type CategoryFilter } from "@tavolo/shared/categories";
import { ApiError } from "../../../lib/api-client";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { isCityNotFound, useSearchRestaurants, type SearchParams } from "../api/search-restaurants";
import { useRestaurantsNear, type Position } from "../api/search-restaurants-near";
import { CitySuggestions } from "./city-suggestions";
import type { SearchSort, TableQuery } from "../api/table-search";
import { CardSlots } from "./card-slots";
import { RestaurantCard, RestaurantCardSkeleton } from "./restaurant-card";
import styles from "./search-results.module.css";

/** Cards above the fold on a phone and a laptop; later ones lazy-load their image. */
const EAGER_CARDS = 3;

interface Props {
  /** A city's search (by name), or the diner's position (nearest first, within `radiusKm`). */
  where: { params: SearchParams; cityName: string } | { near: Position; radiusKm: number };
  category: CategoryFilter;
  /** The moment and party every card shows its free times for. */
  table: TableQuery;
  /** The moment is already gone (the page says so): the cards show no free times and ask for none. */
  past?: boolean;
  sort: SearchSort;
  /** The ordering control, shown beside the count once there are results. */
  sortControl?: ReactNode;
  onShowAllCuisines: () => void;
}

export function SearchResults({ where, category, table, past = false, sort, sortControl, onShowAllCuisines }: Props) {
  const { t } = useTranslation();
  const inCity = "params" in where ? where : null;
  const near = "near" in where ? where.near : null;
  const radiusKm = "near" in where ? where.radiusKm : 0;
  // One of the two runs: the other has no parameters and stays idle.
  const byCity = useSearchRestaurants(inCity ? inCity.params : null);
  const around = useRestaurantsNear(near, { category, table, sort, radiusKm });
  const query = inCity ? byCity : around;
  const location = inCity?.params.location ?? "";
  const here = useLocation();
  const backState = { backTo: `${here.pathname}${here.search}` };

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p className={styles.count} role="status">
          {t("search.loading")}
        </p>
        <div className={styles.grid}>
          {Array.from({ length: 6 }, (_, index) => (
            <RestaurantCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  }

  if (query.isError) {
    const error = query.error;
    const unknownCity = isCityNotFound(error);
    return (
      <ErrorState
        title={unknownCity ? t("search.cityNotFoundTitle") : t("search.errorTitle")}
        message={error instanceof ApiError ? error.message : t("errors.generic")}
        image={unknownCity ? "/images/not-found.svg" : undefined}
        onRetry={unknownCity ? undefined : () => void query.refetch()}
        action={unknownCity ? <CitySuggestions typed={location} category={category} /> : undefined}
      />
    );
  }

  const pages = query.data.pages;
  const total = pages[0]?.total ?? 0;
  const restaurants = pages.flatMap((page) => page.restaurants);

  if (total === 0) {
    const cuisine = category === ALL_CATEGORIES ? null : t(`cuisine.${category}`);
    return (
      <EmptyState
        title={t("search.emptyTitle")}
        text={
          !inCity
            ? cuisine
              ? t("search.emptyNearCuisine", { cuisine, km: radiusKm })
              : t("search.emptyNear", { km: radiusKm })
            : cuisine
              ? t("search.emptyTextCuisine", { cuisine, city: inCity.cityName })
              : t("search.emptyText", { city: inCity.cityName })
        }
        action={
          category !== ALL_CATEGORIES ? (
            <Button variant="outline" onClick={onShowAllCuisines}>
              {t("search.showAllCuisines")}
            </Button>
          ) : null
        }
      />
    );
  }

  return (
    <div>
      <div className={styles.head}>
        <p className={styles.count} role="status">
          {inCity
            ? t("search.resultCount", { count: total, city: inCity.cityName })
            : t("search.nearCount", { count: total, km: radiusKm })}
        </p>
        {sortControl}
      </div>
      <ul role="list" className={styles.grid}>
        {restaurants.map((restaurant, index) => (
          <li key={restaurant.id} className={styles.cell}>
            <RestaurantCard
              restaurant={restaurant}
              eager={index < EAGER_CARDS}
              linkState={backState}
              asked={table}
              slots={
                restaurant.availableSlots && !past ? (
                  <CardSlots restaurant={restaurant} slots={restaurant.availableSlots} table={table} />
                ) : null
              }
            />
          </li>
        ))}
      </ul>
      <div className={styles.more}>
        <p className={styles.shown}>{t("search.shown", { shown: restaurants.length, total })}</p>
        {query.hasNextPage ? (
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t("search.loadMore")}
          </Button>
        ) : null}
        {query.isFetchNextPageError ? <p className={styles.moreError}>{t("search.loadMoreError")}</p> : null}
      </div>
    </div>
  );
}
