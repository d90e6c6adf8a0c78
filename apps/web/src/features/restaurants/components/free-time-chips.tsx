import { useRef, type ComponentProps, type FocusEvent, type MouseEvent, type PointerEvent } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { RestaurantSummary } from "@tavolo/shared/restaurants";
import { chipClassName } from "../../../components/ui/chip";
import { useApiClient } from "../../../lib/api-client-context";
import { useBookingLink } from "../../../lib/booking-link";
import { prefetchForChip } from "../../../lib/booking-prefetch";
import { isPlainClick } from "../../../lib/plain-click";
import type { SeatingQuery } from "../../../lib/seating-availability";
import { useQueryLanguage } from "../../../lib/localized-query-key";
import { restaurantQuery } from "../api/get-restaurant";
import styles from "./card-slots.module.css";

type ListProps = Omit<
  ComponentProps<"ul">,
  "children" | "role" | "onClick" | "onPointerDown" | "onPointerOver" | "onFocus"
>;

interface Props extends ListProps {
  restaurant: Pick<RestaurantSummary, "id" | "name">;
  /** The day and party every chip of the list books. */
  seating: { date: string; people: number };
  /** The free start times ("HH:MM", in order): one chip each. */
  times: readonly string[];
}

/**
 * What a touch on a chip starts (decision 039): the form's code and the seating's tables, and the
 * restaurant's details, which the form needs and a search card has not asked for (its page has them).
 */
export function useChipStart(restaurantId: string): (seating: SeatingQuery) => void {
  const client = useQueryClient();
  const api = useApiClient();
  const language = useQueryLanguage();
  return (seating) => {
    prefetchForChip(client, api, restaurantId, seating);
    void client.prefetchQuery(restaurantQuery(restaurantId, language, api));
  };
}

/** The chip a pointer or focus event happened on, and its time. */
const chipOf = (event: { target: EventTarget }) =>
  event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-time]") : null;

/**
 * A list of free times (decision 079): each chip opens the booking form with the date, time and party
 * filled in. The chips are plain links, and the list holds their behaviour once: it follows a chip in
 * the app, and as a finger, pointer or focus lands on one it starts the form's code and asks for that
 * seating's tables (decision 039). A page has forty chips, a search page a hundred: as router links,
 * each with its own handlers, they cost a tenth of a rendered page's server render.
 */
export function FreeTimeChips({ restaurant, seating, times, ...list }: Props) {
  const { t } = useTranslation();
  const bookingLink = useBookingLink();
  const navigate = useNavigate();
  const startChip = useChipStart(restaurant.id);
  const started = useRef<string | null>(null);
  // Said after each time for screen readers leaving the card: the same words for every chip.
  const bookAt = t("tableSearch.bookAt", { name: restaurant.name, count: seating.people });

  const start = (event: PointerEvent | FocusEvent) => {
    const time = chipOf(event)?.dataset.time;
    // A pointer moving within one chip (over its text, then its edge) starts it once.
    if (!time || (event.type === "pointerover" && started.current === time)) return;
    started.current = time;
    startChip({ date: seating.date, time, people: seating.people });
  };

  // As a router link would: a plain click stays in the app; a modified one (new tab, window) is the browser's.
  const follow = (event: MouseEvent) => {
    const chip = chipOf(event);
    if (!chip || event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    void navigate(chip.getAttribute("href")!);
  };

  return (
    <ul role="list" {...list} onClick={follow} onPointerDown={start} onPointerOver={start} onFocus={start}>
      {times.map((time) => (
        <li key={time}>
          <a
            className={chipClassName(styles.chip)}
            href={bookingLink(restaurant.id, { date: seating.date, time, people: seating.people })}
            data-time={time}
          >
            {time}
            <span className="visually-hidden"> {bookAt}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
