import { z } from "zod";
import { CLOCK_TIME } from "./dates";

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

// Pure (see categories.ts): the web app reads hours without validating them, and its bundle then
// leaves these schemas and zod out.
const hhmm = /* @__PURE__ */ z.string().regex(CLOCK_TIME, "validation.time");
export const openingSlotSchema = /* @__PURE__ */ z
  .object({ open: hhmm, close: hhmm })
  .refine((slot) => slot.open < slot.close, { message: "validation.openingHours", path: ["close"] });
export const openingHoursSchema = /* @__PURE__ */ z.object(
  /* @__PURE__ */ Object.fromEntries(
    /* @__PURE__ */ WEEKDAYS.map((day) => [day, openingSlotSchema.nullable()]),
  ) as Record<Weekday, z.ZodNullable<typeof openingSlotSchema>>,
);
export type OpeningSlot = z.infer<typeof openingSlotSchema>;
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** The same opening slot (or closed, null) on every day of the week. */
export const sameEveryDay = (slot: OpeningSlot | null): OpeningHours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, slot])) as OpeningHours;

// Building a formatter costs far more than using one: every card of a rendered search page asks
// for today's hours, so one formatter per zone is kept (as dates.ts does for wall clocks).
const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Weekday name of an instant as seen on the wall clock of `timeZone`. */
export function weekdayIn(timeZone: string, at: Date = new Date()): Weekday {
  let formatter = weekdayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone });
    weekdayFormatters.set(timeZone, formatter);
  }
  return formatter.format(at).toLowerCase() as Weekday;
}

/** Today's opening slot in the restaurant's own zone (null = closed today). */
export function hoursToday(hours: OpeningHours, timeZone: string, at: Date = new Date()): OpeningSlot | null {
  return hours[weekdayIn(timeZone, at)];
}

/** Weekday name of a calendar date "YYYY-MM-DD" (the same in every zone). */
export function weekdayOfDate(date: string): Weekday {
  // getUTCDay() counts from Sunday, WEEKDAYS from Monday.
  return WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** Why a seating does not fit the opening hours, or null when it does. */
export type SeatingHoursProblem =
  { reason: "closed"; weekday: Weekday } | { reason: "outside"; weekday: Weekday; slot: OpeningSlot };

/**
 * The rule for Last Minute offers (seeded or imported, decision 023): a seating from `start` to
 * `end` ("HH:MM") on `date` lies inside that day's opening hours. Hours never pass midnight (open <
 * close), so a seating that does (end before start) never fits.
 */
export function seatingHoursProblem(
  hours: OpeningHours,
  date: string,
  start: string,
  end: string,
): SeatingHoursProblem | null {
  const weekday = weekdayOfDate(date);
  const slot = hours[weekday];
  if (!slot) return { reason: "closed", weekday };
  return start >= slot.open && end <= slot.close && start < end ? null : { reason: "outside", weekday, slot };
}
