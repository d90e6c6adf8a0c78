import { useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ButtonLink } from "../../../components/ui/button";
import { ChipRadioGroup } from "../../../components/ui/chip";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { CalendarIcon } from "../../../components/ui/icons";
import { Page } from "../../../components/ui/page";
import { Skeleton } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useUserReservations, type ReservationStatus } from "../api/get-user-reservations";
import { ReservationCard } from "./reservation-card";
import styles from "./history-page.module.css";

/** The history filter of SPEC §2/§4: all, pending, confirmed, cancelled, completed. */
const FILTERS = ["all", "pending", "confirmed", "cancelled", "completed"] as const;
type Filter = (typeof FILTERS)[number];

export function HistoryPage({ userId }: { userId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t("history.title"));
  const [filter, setFilter] = useState<Filter>("all");
  const reservations = useUserReservations(userId);
  const options = FILTERS.map((value) => ({ value, label: t(`history.filters.${value}`) }));
  const shown = (reservations.data ?? []).filter(
    (item) => filter === "all" || item.status === (filter as ReservationStatus),
  );

  return (
    <Page title={t("history.title")} lead={t("history.subtitle")} icon={<CalendarIcon size={24} />}>
      <ChipRadioGroup
        legend={t("history.filterLegend")}
        hideLegend
        value={filter}
        options={options}
        onChange={setFilter}
        scroll
      />
      <div className={styles.list}>
        {reservations.isPending ? (
          <div className={styles.skeletons} aria-busy="true">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} height={104} radius="16px" />
            ))}
          </div>
        ) : reservations.isError ? (
          <ErrorState
            title={t("history.error")}
            message={reservations.error instanceof ApiError ? reservations.error.message : undefined}
            onRetry={() => void reservations.refetch()}
          />
        ) : shown.length === 0 ? (
          <EmptyState
            title={
              filter === "all" ? t("history.empty") : t("history.emptyFiltered", { status: t(`status.${filter}`) })
            }
            text={t("history.emptyText")}
            action={<ButtonLink to={paths.search()}>{t("favorites.findRestaurants")}</ButtonLink>}
          />
        ) : (
          <ul role="list" className={styles.items}>
            {shown.map((reservation) => (
              <li key={reservation.id}>
                <ReservationCard reservation={reservation} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
