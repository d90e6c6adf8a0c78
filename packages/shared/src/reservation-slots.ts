import { BOOKING_HORIZON_DAYS, SEARCH_SLOTS, SEATING_MINUTES, SLOT_MINUTES } from "./constants";
import { addDays, dateInZone, instantOfWallClock, minutesOfDay, noonUtcOf, timeOfDay } from "./dates";
import { WEEKDAYS, type OpeningHours, type OpeningSlot } from "./opening-hours";

/**
 * When a table can be booked (decision 007): seatings start on a quarter hour of the restaurant's own
 * wall clock, last 90 real minutes, start no earlier than opening and end by closing (so the last
 * seating is close − 90 min), never on a closed day, never in the past. Pure functions of their
 * arguments, `now` included, shared by the API (the rules) and the web (the choices it offers).
 */

export interface Seating {
  /** "HH:MM" on the restaurant's wall clock. */
  time: string;
  startsAt: Date;
  endsAt: Date;
}

export type SeatingProblem = "dateInPast" | "dateTooFar" | "closed" | "notASlot" | "timeInPast";

export type SeatingCheck = { ok: true; seating: Seating } | { ok: false; problem: SeatingProblem };

/** A seating that starts at `startsAt`. */
export function seatingEnd(startsAt: Date): Date {
  return new Date(startsAt.getTime() + SEATING_MINUTES * 60_000);
}

/** Half-open intervals, as PostgreSQL's tstzrange '[)': one seating may end as the next starts. */
export function overlaps(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** The opening hours of a calendar date (null = closed); the weekday of a date needs no zone. */
export function hoursOn(hours: OpeningHours, date: string): OpeningSlot | null {
  const weekday = WEEKDAYS[(noonUtcOf(date).getUTCDay() + 6) % 7]!;
  return hours[weekday] ?? null;
}

/** Opening and closing instants of a day; a bound inside a DST gap is read as the clock after it. */
function serviceBounds(hours: OpeningSlot, date: string, timeZone: string) {
  return {
    opensAt: instantOfWallClock(date, hours.open, timeZone, { inGap: "later" })!,
    closesAt: instantOfWallClock(date, hours.close, timeZone, { inGap: "later" })!,
  };
}

/** The seating at `time` if it is a quarter hour that exists that day and fits in the service. */
function seatingWithin(
  date: string,
  time: string,
  timeZone: string,
  bounds: { opensAt: Date; closesAt: Date },
): Seating | null {
  return minutesOfDay(time) % SLOT_MINUTES === 0 ? seatingAt(date, time, timeZone, bounds) : null;
}

/** The seating starting at the quarter hour `time`, if that time exists that day and fits in the service. */
function seatingAt(
  date: string,
  time: string,
  timeZone: string,
  bounds: { opensAt: Date; closesAt: Date },
): Seating | null {
  const startsAt = instantOfWallClock(date, time, timeZone);
  if (!startsAt) return null; // skipped when the clocks went forward
  const endsAt = seatingEnd(startsAt);
  return startsAt >= bounds.opensAt && endsAt <= bounds.closesAt ? { time, startsAt, endsAt } : null;
}

/** The seatings of `date` starting from minute `from` to minute `to` of the day, earliest first. */
function seatingsBetween(hours: OpeningHours, timeZone: string, date: string, from: number, to: number): Seating[] {
  const open = hoursOn(hours, date);
  if (!open) return [];
  const bounds = serviceBounds(open, date, timeZone);
  const seatings: Seating[] = [];
  // A search asks this for every restaurant of its page: the bounds are read once, not per quarter hour.
  const last = Math.min(minutesOfDay(open.close) - 1, to);
  const first = Math.ceil(Math.max(minutesOfDay(open.open), from) / SLOT_MINUTES) * SLOT_MINUTES;
  for (let minute = first; minute <= last; minute += SLOT_MINUTES) {
    const seating = seatingAt(date, timeOfDay(minute), timeZone, bounds);
    if (seating) seatings.push(seating);
  }
  return seatings;
}

/** Every seating of `date`, past ones included, earliest first; none on a closed day. */
export function daySeatings(hours: OpeningHours, timeZone: string, date: string): Seating[] {
  return seatingsBetween(hours, timeZone, date, 0, 24 * 60);
}

/** The seatings of `date` that have not started yet at `now`. */
export function openSeatings(hours: OpeningHours, timeZone: string, date: string, now: Date): Seating[] {
  return daySeatings(hours, timeZone, date).filter((seating) => seating.startsAt > now);
}

/** A date a diner may book: from today (in the restaurant's zone) to the booking horizon. */
export function checkBookingDate(date: string, timeZone: string, now: Date): "dateInPast" | "dateTooFar" | null {
  const today = dateInZone(now, timeZone);
  if (date < today) return "dateInPast";
  if (date > addDays(today, BOOKING_HORIZON_DAYS)) return "dateTooFar";
  return null;
}

/** Whether `date` `time` is a seating a diner may book at `now`, and if not, why. */
export function checkSeating(
  hours: OpeningHours,
  timeZone: string,
  date: string,
  time: string,
  now: Date,
): SeatingCheck {
  const dateProblem = checkBookingDate(date, timeZone, now);
  if (dateProblem) return { ok: false, problem: dateProblem };
  const open = hoursOn(hours, date);
  if (!open) return { ok: false, problem: "closed" };
  const seating = seatingWithin(date, time, timeZone, serviceBounds(open, date, timeZone));
  if (!seating) return { ok: false, problem: "notASlot" };
  if (seating.startsAt <= now) return { ok: false, problem: "timeInPast" };
  return { ok: true, seating };
}

/**
 * The first date from `from` (today at the earliest) with a seating still to come at `now`, within
 * the booking horizon; null when the restaurant never opens. Opening hours repeat weekly, so eight
 * days tell all. The web opens the form on it: "tonight", or the next open day when tonight is over.
 */
export function nextDateWithSeatings(hours: OpeningHours, timeZone: string, from: string, now: Date): string | null {
  const today = dateInZone(now, timeZone);
  const horizon = addDays(today, BOOKING_HORIZON_DAYS);
  let date = from < today ? today : from;
  for (let day = 0; day < 8 && date <= horizon; day += 1, date = addDays(date, 1)) {
    if (openSeatings(hours, timeZone, date, now).length > 0) return date;
  }
  return null;
}

/**
 * Where a restaurant with no seating at a searched moment opens next (decision 055): its first
 * seating after `date` `time` still to come at `now`, within the booking horizon (a week holds
 * every weekday, so eight days tell all); null when it does not open again within it.
 */
export function nextSeatingAfter(
  hours: OpeningHours,
  timeZone: string,
  date: string,
  time: string,
  now: Date,
): { date: string; time: string } | null {
  const today = dateInZone(now, timeZone);
  const horizon = addDays(today, BOOKING_HORIZON_DAYS);
  let day = date < today ? today : date;
  for (let count = 0; count < 8 && day <= horizon; count += 1, day = addDays(day, 1)) {
    const from = day === date ? minutesOfDay(time) + 1 : 0;
    const seating = seatingsBetween(hours, timeZone, day, from, 24 * 60).find((candidate) => candidate.startsAt > now);
    if (seating) return { date: day, time: seating.time };
  }
  return null;
}

/**
 * The seatings of `date` still to come at `now` that start within the search window
 * (±SEARCH_SLOTS.windowMinutes) of `time`: a search derives only these, not the whole day.
 */
export function openSeatingsNear(
  hours: OpeningHours,
  timeZone: string,
  date: string,
  time: string,
  now: Date,
): Seating[] {
  const wanted = minutesOfDay(time);
  const window = SEARCH_SLOTS.windowMinutes;
  return seatingsBetween(hours, timeZone, date, wanted - window, wanted + window).filter(
    (seating) => seating.startsAt > now,
  );
}

/**
 * The seatings of `date` still to come at `now` that start from `fromTime` to `toTime` inclusive: what
 * a waitlist entry's window accepts (decision 029).
 */
export function openSeatingsBetween(
  hours: OpeningHours,
  timeZone: string,
  date: string,
  fromTime: string,
  toTime: string,
  now: Date,
): Seating[] {
  return seatingsBetween(hours, timeZone, date, minutesOfDay(fromTime), minutesOfDay(toTime)).filter(
    (seating) => seating.startsAt > now,
  );
}

/**
 * The free start times a search shows (decision 024): the SEARCH_SLOTS.max nearest to `time`, the
 * earlier one first on a tie, listed in the order of the day.
 */
export function nearestTimes(freeTimes: readonly string[], time: string): string[] {
  const wanted = minutesOfDay(time);
  // Each distance read once, and "HH:MM" compared as text: a search for a table asks this for
  // every card of its page (decision 068).
  return freeTimes
    .map((candidate) => ({ candidate, distance: Math.abs(minutesOfDay(candidate) - wanted) }))
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : a.candidate > b.candidate ? 1 : 0))
    .slice(0, SEARCH_SLOTS.max)
    .map(({ candidate }) => candidate)
    .sort();
}
