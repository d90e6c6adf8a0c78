import { useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { RestaurantSummary, SearchResult } from "@tavolo/shared/restaurants";
import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { addDays } from "@tavolo/shared/dates";
import { checkBookingDate } from "@tavolo/shared/reservation-slots";
import { useMountInstant } from "../../../lib/clock";
import { todayIn } from "../../../lib/dates";
import { dateFormat } from "../../../lib/intl-format";
import { paths } from "../../../config/paths";
import { ChipLink } from "../../../components/ui/chip";
import { useNearViewport } from "../../../lib/use-near-viewport";
import { useAvailableSlots } from "../api/get-available-slots";
import { usePrefetchBookingDay } from "../../../lib/booking-prefetch";
import { useBookingLink } from "../../../lib/booking-link";
import type { TableQuery } from "../api/table-search";
import { FreeTimeChips, useChipStart } from "./free-time-chips";
import styles from "./card-slots.module.css";

interface Props {
  restaurant: Pick<SearchResult, "id" | "name" | "nextOpening">;
  /** The free start times the search found near the asked time ("HH:MM", in order). */
  slots: readonly string[];
  table: TableQuery;
}

/**
 * A search card's free times (decision 026): each chip opens the booking form with the date, time and
 * party filled in. Without one, the card says so and offers the restaurant's next free time that
 * day, when there is one (asked only for these cards, from getAvailableSlots, once the card nears the
 * screen).
 */
export function CardSlots({ restaurant, slots, table }: Props) {
  const { t } = useTranslation();
  // Chips on screen: the booking form and this day's free times, ahead of a tap (decision 039).
  usePrefetchBookingDay(restaurant.id, slots.length > 0 ? table : null);
  // Closed at the asked moment (decision 055): said as closed, with when it opens, not as full.
  if (restaurant.nextOpening !== undefined) {
    return <ClosedThen restaurant={restaurant} next={restaurant.nextOpening} table={table} />;
  }
  if (slots.length === 0) return <NoSlot restaurant={restaurant} table={table} />;
  return (
    <div className={styles.slots}>
      <p className={styles.label} id={`slots-${restaurant.id}`}>
        {t("tableSearch.freeAt", { count: table.people })}
      </p>
      <FreeTimeChips
        restaurant={restaurant}
        seating={{ date: table.date, people: table.people }}
        times={slots}
        className={styles.list}
        aria-labelledby={`slots-${restaurant.id}`}
      />
    </div>
  );
}

/**
 * One free time standing alone, inside a sentence: its text is the time; the restaurant is said for
 * screen readers leaving the card. A list of times is FreeTimeChips (decision 079).
 */
export function SlotChip({
  restaurant,
  table,
}: {
  restaurant: Pick<RestaurantSummary, "id" | "name">;
  table: TableQuery;
}) {
  const { t } = useTranslation();
  // The form, or for a visitor the sign-in page on the way to it (decision 065).
  const bookingLink = useBookingLink();
  // The tapped seating's tables are asked as the finger lands, before the form opens (decision 039).
  const startChip = useChipStart(restaurant.id);
  const start = () => startChip(table);
  const prefetch = { onPointerDown: start, onPointerEnter: start, onFocus: start };
  return (
    <ChipLink
      className={styles.chip}
      to={bookingLink(restaurant.id, { date: table.date, time: table.time, people: table.people })}
      {...prefetch}
    >
      {table.time}
      <span className="visually-hidden">
        {" "}
        {t("tableSearch.bookAt", { name: restaurant.name, count: table.people })}
      </span>
    </ChipLink>
  );
}

function NoSlot({ restaurant, table }: { restaurant: Pick<RestaurantSummary, "id" | "name">; table: TableQuery }) {
  const { t } = useTranslation();
  // Asked once the card nears the screen, not for every card of the list as the page hydrates.
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  // A past day has no free time to ask about (the server would answer 400): the page says it is past.
  const bookable = checkBookingDate(table.date, DEFAULT_TIME_ZONE, useMountInstant()) === null;
  const day = useAvailableSlots(restaurant.id, { date: table.date, people: table.people }, near && bookable);
  // Later than the asked time: the search already looked ±90 minutes around it and found nothing.
  const next = day.data?.find((time) => time > table.time);
  return (
    <div className={styles.slots} ref={box}>
      <p className={styles.none}>{t("tableSearch.noSlot", { count: table.people, time: table.time })}</p>
      {next ? (
        <p className={styles.next}>
          <span>{t("tableSearch.nextFree")}</span> <SlotChip restaurant={restaurant} table={{ ...table, time: next }} />
        </p>
      ) : day.isSuccess && !day.isPlaceholderData ? (
        <p className={styles.next}>{t("tableSearch.noneLater")}</p>
      ) : null}
      {/* The restaurant page asks the same question and offers the waitlist there (decision 029). */}
      <p className={styles.next}>
        <Link className={styles.notify} to={paths.restaurant(restaurant.id, table)}>
          {t("tableSearch.notifyMe")}
          <span className="visually-hidden"> ({restaurant.name})</span>
        </Link>
      </p>
    </div>
  );
}

/** "Chiuso a quest'ora", and when the restaurant opens next: today, tomorrow, or on a named day. */
function ClosedThen({
  restaurant,
  next,
  table,
}: {
  restaurant: Pick<RestaurantSummary, "id" | "name">;
  next: { date: string; time: string } | null;
  table: TableQuery;
}) {
  const { t, i18n } = useTranslation();
  const today = todayIn(DEFAULT_TIME_ZONE, useMountInstant());
  const day = (date: string) =>
    dateFormat(i18n.resolvedLanguage ?? "it", {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    }).format(new Date(`${date}T12:00:00Z`));
  const opens = !next
    ? t("tableSearch.opensNotSoon")
    : next.date === today
      ? t("tableSearch.opensToday", { time: next.time })
      : next.date === addDays(today, 1)
        ? t("tableSearch.opensTomorrow", { time: next.time })
        : t("tableSearch.opensOn", { day: day(next.date), time: next.time });
  return (
    <div className={styles.slots}>
      <p className={styles.label}>{t("tableSearch.closedThen")}</p>
      <p className={styles.none}>{opens}</p>
      {next ? (
        <p className={styles.next}>
          <Link className={styles.notify} to={paths.restaurant(restaurant.id, { ...next, people: table.people })}>
            {t("tableSearch.seeThatDay")}
            <span className="visually-hidden"> ({restaurant.name})</span>
          </Link>
        </p>
      ) : null}
    </div>
  );
}
