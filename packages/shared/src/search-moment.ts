import { SEARCH_SERVICES, SLOT_MINUTES } from "./constants";
import { addDays, minutesOfDay, timeOfDay, wallClockOf, type WallClock } from "./dates";

/**
 * The moment a search for a table asks about when the diner has not said (decisions 026, 040):
 * the next quarter hour still to come on the wall clock of `timeZone` ("next" is strictly after the
 * current minute: at 20:00 sharp the 20:00 seating is already starting, so 20:15) while a service
 * (lunch, dinner) is on; outside them, the next service at its usual hour: tonight's dinner in the
 * afternoon, tomorrow's lunch at night, today's lunch in the morning. Pure (the instant is given),
 * so the server's render and the browser's first render agree when handed the same instant.
 */
export function searchMoment(now: Date, timeZone: string): WallClock {
  const wall = wallClockOf(now, timeZone);
  const next = (Math.floor(minutesOfDay(wall.time) / SLOT_MINUTES) + 1) * SLOT_MINUTES;
  for (const service of SEARCH_SERVICES) {
    if (next < minutesOfDay(service.from)) return { date: wall.date, time: service.usual };
    if (next <= minutesOfDay(service.until)) return { date: wall.date, time: timeOfDay(next) };
  }
  return { date: addDays(wall.date, 1), time: SEARCH_SERVICES[0].usual };
}
