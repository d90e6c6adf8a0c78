import { Skeleton } from "../../../components/ui/spinner";
import styles from "./booking-history-grid.module.css";

/** The grid's place while its bookings (or its code) load: same height, so nothing below jumps. */
export function BookingHistoryGridSkeleton() {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: 2 }, (_, index) => (
        <Skeleton key={index} height={112} radius="16px" />
      ))}
    </div>
  );
}
