import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BOOKING_HORIZON_DAYS } from "@tavolo/shared/constants";
import { addDays } from "@tavolo/shared/dates";
import { checkBookingDate, hoursOn } from "@tavolo/shared/reservation-slots";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import { todayIn } from "../../../lib/dates";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { useAvailableSlots } from "../api/get-available-slots";
import { usePrefetchBookingDay } from "../../../lib/booking-prefetch";
import type { TableQuery } from "../api/table-search";
import { FreeTimeChips } from "./free-time-chips";
import { NothingFits } from "./nothing-fits";
import { PARTY_SIZES } from "./party";
import type { TableChoice } from "./use-table-choice";
import styles from "./slot-picker.module.css";

type Props = {
  restaurant: Pick<RestaurantDetail, "id" | "name" | "openingHours" | "timeZone" | "tables">;
  /** The day and party shown, from the page's link and the diner's changes (`useTableChoice`). */
  choice: TableChoice;
  /** Where no free time suits the diner: the waitlist's control, placed by the route (decision 029). */
  whenNothingFits?: (table: TableQuery) => ReactNode;
};

/**
 * The restaurant page's "when and how many" (decision 026): a date and a party, and every start time of
 * that day with a table free for them. A chip opens the booking form filled in; when none suits,
 * the diner can wait for a table (decision 029).
 */
export function SlotPicker({ restaurant, choice, whenNothingFits }: Props) {
  const { t } = useTranslation();
  // The server's render instant while hydrating: the same day on both sides (decision 027).
  const { date, people, asked, now } = choice;
  const today = todayIn(restaurant.timeZone, now);
  // A past day or a closed one is said as such, not as "no free time", and asks the server nothing.
  const dayProblem =
    checkBookingDate(date, restaurant.timeZone, now) ??
    (hoursOn(restaurant.openingHours, date) === null ? "closedThatDay" : null);
  const slots = useAvailableSlots(restaurant.id, { date, people }, dayProblem === null);
  const free = dayProblem === null ? slots.data : undefined;
  // Chips on screen: the booking form and this day's free times, ahead of a tap (decision 039).
  usePrefetchBookingDay(restaurant.id, free?.length ? { date, people } : null);
  return (
    <section className={styles.picker} aria-labelledby="slot-picker-title">
      <h2 id="slot-picker-title" className={styles.title}>
        {t("tableSearch.pickerTitle")}
      </h2>
      <div className={styles.fields}>
        <TextField
          label={t("tableSearch.date")}
          type="date"
          min={today}
          max={addDays(today, BOOKING_HORIZON_DAYS)}
          value={date}
          onChange={(event) => {
            if (event.target.value) choice.choose({ date: event.target.value });
          }}
        />
        <Select
          label={t("tableSearch.people")}
          value={String(people)}
          onChange={(event) => choice.choose({ people: Number(event.target.value) })}
          options={PARTY_SIZES.map((count) => ({ value: String(count), label: t("history.people", { count }) }))}
        />
      </div>
      {choice.refusedParty !== null ? (
        <p className={styles.refused} role="alert">
          {t("tableSearch.partyOutOfRange", {
            asked: choice.refusedParty,
            min: PARTY_SIZES[0],
            max: PARTY_SIZES[PARTY_SIZES.length - 1],
            count: people,
          })}
        </p>
      ) : null}
      {/* Only the summary is announced on a change: forty times read aloud would drown it. */}
      <p className={styles.note} role="status">
        {dayProblem
          ? t(`tableSearch.${dayProblem}`, { days: BOOKING_HORIZON_DAYS })
          : slots.isError
            ? t("tableSearch.slotsError")
            : !slots.data
              ? t("common.loading")
              : slots.data.length === 0
                ? t("tableSearch.noSlotThatDay", { count: people })
                : slots.isPlaceholderData
                  ? t("common.loading")
                  : t("tableSearch.slotCount", { count: slots.data.length })}
      </p>
      {free?.length && !slots.isError ? (
        <FreeTimeChips
          restaurant={restaurant}
          seating={{ date, people }}
          times={free}
          className={[styles.list, slots.isPlaceholderData ? styles.stale : ""].join(" ")}
          aria-label={t("tableSearch.freeAt", { count: people })}
          aria-busy={slots.isPlaceholderData || undefined}
        />
      ) : null}
      {whenNothingFits && free && !slots.isPlaceholderData && !slots.isError ? (
        <NothingFits
          restaurant={restaurant}
          date={date}
          people={people}
          freeTimes={free}
          askedTime={asked.date === date ? asked.time : undefined}
          now={now}
        >
          {whenNothingFits}
        </NothingFits>
      ) : null}
    </section>
  );
}
