import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RestaurantSummary } from "@tavolo/shared/restaurants";
import { paths } from "../../../config/paths";
import { ApiError } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ButtonLink } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { HeartIcon, SearchIcon } from "../../../components/ui/icons";
import { Card, Page } from "../../../components/ui/page";
import { Skeleton } from "../../../components/ui/spinner";
import { useFavoritesList } from "../api/favorites";
import styles from "./favorites-page.module.css";

interface Props {
  userId: string;
  /** The restaurant card, handed in by the route (features do not import each other). */
  renderRestaurant: (restaurant: RestaurantSummary, index: number) => ReactNode;
}

/** The saved restaurants, newest first; with none, the spec's empty state and its prompt to search. */
export function FavoritesPage({ userId, renderRestaurant }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(t("favorites.title"));
  const list = useFavoritesList(userId);

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className={styles.grid} aria-busy="true">
        <p className="visually-hidden" role="status">
          {t("common.loading")}
        </p>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={260} radius="var(--radius-lg)" />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <ErrorState
        title={t("favorites.loadErrorTitle")}
        message={list.error instanceof ApiError ? list.error.message : t("errors.generic")}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.data.favorites.length === 0) {
    body = (
      <Card>
        <EmptyState
          title={t("favorites.emptyTitle")}
          text={t("favorites.emptyText")}
          action={
            <ButtonLink to={paths.search()} icon={<SearchIcon size={18} />}>
              {t("favorites.findRestaurants")}
            </ButtonLink>
          }
        />
      </Card>
    );
  } else {
    const favorites = list.data.favorites;
    body = (
      <>
        <p className={styles.count} role="status">
          {t("favorites.count", { count: favorites.length })}
        </p>
        <ul role="list" className={styles.grid}>
          {favorites.map((favorite, index) => (
            <li key={favorite.restaurantId}>{renderRestaurant(favorite.restaurant, index)}</li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Page title={t("favorites.title")} lead={t("favorites.subtitle")} icon={<HeartIcon size={24} />} width="lg">
      {body}
    </Page>
  );
}
