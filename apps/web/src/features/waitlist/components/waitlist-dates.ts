import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { noonUtcOf } from "@tavolo/shared/dates";
import { dateFormat } from "../../../lib/intl-format";

/** "mer 25 novembre": a wall-clock date of the restaurant, whatever the browser's zone. */
export const dayLabel = (date: string, language: string) =>
  dateFormat(language, { weekday: "short", day: "numeric", month: "long", timeZone: "UTC" }).format(noonUtcOf(date));

/** "21:40": when a hold runs out, on Italy's clock (the restaurants' zone). */
export const clockLabel = (instant: string, language: string) =>
  dateFormat(language, { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: DEFAULT_TIME_ZONE }).format(
    new Date(instant),
  );
