import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import { openSeatings } from "@tavolo/shared/reservation-slots";
import { Select } from "../../../components/ui/select";
import type { TableQuery } from "../api/table-search";
import styles from "./slot-picker.module.css";

interface Props {
  restaurant: Pick<RestaurantDetail, "openingHours" | "timeZone" | "tables">;
  date: string;
  people: number;
  /** The day's free start times for the party. */
  freeTimes: readonly string[];
  /** The time the page's link asked for, on this day. */
  askedTime?: string;
  now: Date;
  /** What to offer for the chosen time: the waitlist's control. */
  children: (table: TableQuery) => ReactNode;
}

/**
 * Under the free times: waiting for a table at a time that is not free (decision 029). Open at once when
 * the day has no free time or the asked one is not free; otherwise one tap away, so the chips stay
 * first. The time to wait for is one of the day's seatings still to come; a closed day offers nothing.
 */
export function NothingFits({ restaurant, date, people, freeTimes, askedTime, now, children }: Props) {
  const { t } = useTranslation();
  const seatings = openSeatings(restaurant.openingHours, restaurant.timeZone, date, now).map((each) => each.time);
  // The asked time, else the first seating that is full: the one worth waiting for.
  const preferred = seatings.find((time) => time === askedTime) ?? seatings.find((time) => !freeTimes.includes(time));
  const [chosen, setChosen] = useState<string | null>(null);
  const time = chosen !== null && seatings.includes(chosen) ? chosen : (preferred ?? seatings[0]);
  // No table of the restaurant seats the party: nothing to wait for (the server refuses it too).
  if (!time || !restaurant.tables.some((table) => table.capacity >= people)) return null;
  const content = (
    <div className={styles.waitlist}>
      <Select
        label={t("tableSearch.wantedTime")}
        value={time}
        onChange={(event) => setChosen(event.target.value)}
        options={seatings.map((each) => ({ value: each, label: each }))}
      />
      {children({ date, time, people })}
    </div>
  );
  const open = freeTimes.length === 0 || (askedTime !== undefined && !freeTimes.includes(askedTime));
  if (open) return content;
  return (
    <details className={styles.more}>
      <summary>{t("tableSearch.noneFits")}</summary>
      {content}
    </details>
  );
}
