import { BOOKING_HORIZON_DAYS } from "@tavolo/shared/constants";
import { addDays } from "@tavolo/shared/dates";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import { todayIn } from "../../../lib/dates";
import { useSeatingAvailability } from "../api/get-seating-availability";

export type BookableRestaurant = Pick<RestaurantDetail, "id" | "name" | "timeZone" | "openingHours">;
export type DateProblem = "missing" | "invalid" | "past" | "far" | null;

/** What a date input yields; a browser without one lets people type anything. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateProblemOf(date: string, today: string, lastDay: string): DateProblem {
  if (!date) return "missing";
  if (!ISO_DATE.test(date)) return "invalid";
  if (date < today) return "past";
  if (date > lastDay) return "far";
  return null;
}

/**
 * The choices the form may offer for what the diner picked so far. Times are the day's seatings
 * with a table free for the party; tables are those free for the whole seating and big enough.
 * A choice that stops being offered (another date, a bigger party, someone booked it) is dropped
 * once the fresh answer is in, never on a stale one.
 */
export function useBookingChoices(
  restaurant: BookableRestaurant,
  picked: { date: string; time: string; people: number; tableId: string },
  /** The diner's booking being moved, whose own seating is free to it. */
  moving?: string,
) {
  const { date, people } = picked;
  const today = todayIn(restaurant.timeZone);
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS);
  const dateProblem = dateProblemOf(date, today, lastDay);

  const day = useSeatingAvailability(restaurant.id, { date, time: "", people, moving }, dateProblem === null);
  const daySettled = day.data !== undefined && !day.isPlaceholderData;
  const slots = daySettled ? day.data!.slots : [];
  const time = daySettled && !slots.includes(picked.time) ? "" : picked.time;

  const seating = useSeatingAvailability(
    restaurant.id,
    { date, time, people, moving },
    dateProblem === null && time !== "",
  );
  const tablesSettled = seating.data !== undefined && !seating.isPlaceholderData;
  // Only free tables that seat the party can be chosen (SPEC §5), smallest first.
  const tables = (seating.data?.tables ?? [])
    .filter((table) => table.isAvailable && table.capacity >= people)
    .sort((a, b) => a.capacity - b.capacity || a.number - b.number);
  const tableId = tablesSettled && !tables.some((table) => table.id === picked.tableId) ? "" : picked.tableId;

  return { today, lastDay, dateProblem, day, daySettled, slots, time, seating, tables, tablesSettled, tableId };
}
