import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import { nextDateWithSeatings } from "@tavolo/shared/reservation-slots";
import { todayIn } from "../../../lib/dates";
import type { TableQuery } from "../api/table-search";
import { DEFAULT_PARTY } from "./party";

type PickedRestaurant = Pick<RestaurantDetail, "openingHours" | "timeZone">;

/**
 * The day and party the restaurant page's picker opens on: what the link asked (a search card's
 * "notify me"), else today while a seating is still to come, else the next day it opens. One
 * function for the picker and the server render's loader, so both ask the same free times.
 */
export function firstPick(
  restaurant: PickedRestaurant,
  asked: Partial<TableQuery>,
  now: Date,
): { date: string; people: number } {
  const timeZone = restaurant.timeZone || DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone, now);
  const date =
    asked.date && asked.date >= today
      ? asked.date
      : (nextDateWithSeatings(restaurant.openingHours, timeZone, today, now) ?? today);
  return { date, people: asked.people ?? DEFAULT_PARTY };
}
