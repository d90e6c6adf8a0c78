import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMountInstant } from "../../../lib/clock";
import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { todayIn } from "../../../lib/dates";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { paths } from "../../../config/paths";
import { DetailError, DetailPage } from "../../../components/ui/detail-page";
import { Skeleton } from "../../../components/ui/spinner";
import { todaysTablesQuery, useAvailableTables } from "../api/get-available-tables";
import type { TableQuery } from "../api/table-search";
import { useRestaurant } from "../api/get-restaurant";
import { RestaurantOverview, type ReserveLink, type ReserveLinkFor } from "./restaurant-overview";

export type { ReserveLink, ReserveLinkFor };
import styles from "./restaurant-detail-page.module.css";

interface Props {
  id: string;
  /**
   * Where "Reserve" leads for the picker's day, time and party: the form when signed in, else
   * /login with the way back (decided by the route).
   */
  reserveLink: ReserveLinkFor;
  /** The results page the visitor came from, when known. */
  backTo?: string;
  /** What the page's link asked for (a search card's "notify me"): day, time and party. */
  asked?: Partial<TableQuery>;
  /** Where no free time suits the diner: the route places the waitlist's control here (decision 029). */
  whenNothingFits?: (table: TableQuery) => ReactNode;
  /** Above the restaurant: a table held for the diner here (the route places it, decision 040). */
  notice?: ReactNode;
}

export function RestaurantDetailPage({ id, reserveLink, backTo, asked, whenNothingFits, notice }: Props) {
  const { t } = useTranslation();
  const restaurant = useRestaurant(id);
  // Tables for today in Italy: asked in parallel with the details, not after them.
  const tables = useAvailableTables(id, todaysTablesQuery(todayIn(DEFAULT_TIME_ZONE, useMountInstant()), asked));
  useDocumentTitle(restaurant.data?.name ?? (restaurant.isError ? t("restaurant.notFound") : t("restaurant.title")));

  // Back to the results the diner came from; arrived from a shared link or a search engine, there
  // are none: the link says where it leads (the restaurant's city) instead of "back".
  const city = restaurant.data?.city;
  const back = backTo
    ? { to: backTo, label: t("restaurant.back") }
    : city
      ? { to: paths.search({ location: city }), label: t("restaurant.moreInCity", { city }) }
      : { to: paths.search(), label: t("restaurant.backToSearch") };

  if (restaurant.isError) {
    return (
      <DetailPage back={back}>
        <DetailError
          error={restaurant.error}
          texts={{
            notFound: t("restaurant.notFound"),
            notFoundText: t("restaurant.notFoundText"),
            loadError: t("restaurant.loadError"),
          }}
          onRetry={() => void restaurant.refetch()}
          elsewhere={{ to: paths.search(), label: t("restaurant.findOthers") }}
        />
      </DetailPage>
    );
  }

  if (restaurant.isPending) {
    return (
      <DetailPage back={back} loading>
        <Skeleton className={styles.heroSkeleton} radius="16px" />
        <div className={styles.skeletonText}>
          <Skeleton height={36} width="60%" />
          <Skeleton height={20} width="40%" />
          <Skeleton height={80} />
        </div>
      </DetailPage>
    );
  }

  return (
    <DetailPage back={back}>
      {notice}
      <RestaurantOverview
        restaurant={restaurant.data}
        tables={tables.data?.tables}
        tablesTime={tables.data?.time}
        tablesLoading={tables.isPending}
        tablesError={tables.isError}
        reserveLink={reserveLink}
        timeZone={restaurant.data.timeZone || DEFAULT_TIME_ZONE}
        asked={asked}
        whenNothingFits={whenNothingFits}
      />
    </DetailPage>
  );
}
