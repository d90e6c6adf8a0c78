import { SLOT_MINUTES } from "./constants";
import { addDays, minutesOfDay, timeOfDay, wallClockOf, type WallClock } from "./dates";

/**
 * The moment a search for a table asks about when the diner has not said (issue 16, decision 026):
 * today, at the next quarter hour still to come on the wall clock of `timeZone`. "Next" is strictly
 * after the current minute: at 20:00 sharp the 20:00 seating is already starting, so 20:15. Past
 * 23:45 it is 00:00 of the next day. Pure (the instant is given), so the server's render and the
 * browser's first render agree when they are handed the same instant.
 */
export function searchMoment(now: Date, timeZone: string): WallClock {
  const wall = wallClockOf(now, timeZone);
  const next = (Math.floor(minutesOfDay(wall.time) / SLOT_MINUTES) + 1) * SLOT_MINUTES;
  const minutesPerDay = 24 * 60;
  return next >= minutesPerDay
    ? { date: addDays(wall.date, 1), time: timeOfDay(next - minutesPerDay) }
    : { date: wall.date, time: timeOfDay(next) };
}
