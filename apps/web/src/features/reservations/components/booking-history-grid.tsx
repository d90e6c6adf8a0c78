import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { ButtonLink } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { useUserReservations } from "../api/get-user-reservations";
import { BookingHistoryGridSkeleton } from "./booking-history-grid-skeleton";
import { groupHistory } from "./history-groups";
import { ReservationCard } from "./reservation-card";
import styles from "./booking-history-grid.module.css";

/**
 * The diner's bookings on the home page (signed-in only), by when they are: the next ones first,
 * then the latest past ones (as /history reads). An error reads as "nothing yet": home stays calm.
 */
export function BookingHistoryGrid({ userId, limit = 4 }: { userId: string; limit?: number }) {
  const { t } = useTranslation();
  const reservations = useUserReservations(userId);
  if (reservations.isPending) return <BookingHistoryGridSkeleton />;
  const items = reservations.data ?? [];
  if (reservations.isError || items.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title={t("home.historyEmpty")}
        text={reservations.isError ? t("home.historyError") : t("home.historyEmptyText")}
        action={<ButtonLink to={paths.search()}>{t("favorites.findRestaurants")}</ButtonLink>}
      />
    );
  }
  const { upcoming, past } = groupHistory(items, reservations.dataUpdatedAt);
  return (
    <ul role="list" className={styles.grid}>
      {[...upcoming, ...past].slice(0, limit).map((reservation) => (
        <li key={reservation.id}>
          <ReservationCard reservation={reservation} />
        </li>
      ))}
    </ul>
  );
}
