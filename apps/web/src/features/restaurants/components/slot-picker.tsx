import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BOOKING_HORIZON_DAYS } from "@tavolo/shared/constants";
import { addDays } from "@tavolo/shared/dates";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import { nextDateWithSeatings } from "@tavolo/shared/reservation-slots";
import { todayIn } from "../../../lib/dates";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { useAvailableSlots } from "../api/get-available-slots";
import { SlotChip } from "./card-slots";
import { DEFAULT_PARTY, PARTY_SIZES } from "./party";
import styles from "./slot-picker.module.css";

type Props = { restaurant: Pick<RestaurantDetail, "id" | "name" | "openingHours" | "timeZone"> };

/**
 * The restaurant page's "when and how many" (issue 16): a date and a party, and every start time of
 * that day with a table free for them. A chip opens the booking form filled in.
 */
export function SlotPicker({ restaurant }: Props) {
  const { t } = useTranslation();
  const today = todayIn(restaurant.timeZone);
  // Today while a seating is still to come, else the next day it opens (as the booking form).
  const [date, setDate] = useState(
    () => nextDateWithSeatings(restaurant.openingHours, restaurant.timeZone, today, new Date()) ?? today,
  );
  const [people, setPeople] = useState(DEFAULT_PARTY);
  const slots = useAvailableSlots(restaurant.id, { date, people }, date >= today);
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
            if (event.target.value) setDate(event.target.value);
          }}
        />
        <Select
          label={t("tableSearch.people")}
          value={String(people)}
          onChange={(event) => setPeople(Number(event.target.value))}
          options={PARTY_SIZES.map((count) => ({ value: String(count), label: t("history.people", { count }) }))}
        />
      </div>
      {/* Only the summary is announced on a change: forty times read aloud would drown it. */}
      <p className={slots.data?.length ? "visually-hidden" : styles.note} role="status">
        {slots.isError
          ? t("tableSearch.slotsError")
          : !slots.data
            ? t("common.loading")
            : slots.data.length === 0
              ? t("tableSearch.noSlotThatDay", { count: people })
              : slots.isPlaceholderData
                ? t("common.loading")
                : t("tableSearch.slotCount", { count: slots.data.length })}
      </p>
      {slots.data?.length && !slots.isError ? (
        <ul
          role="list"
          className={[styles.list, slots.isPlaceholderData ? styles.stale : ""].join(" ")}
          aria-label={t("tableSearch.freeAt", { count: people })}
          aria-busy={slots.isPlaceholderData || undefined}
        >
          {slots.data.map((time) => (
            <li key={time}>
              <SlotChip restaurant={restaurant} table={{ date, time, people }} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
